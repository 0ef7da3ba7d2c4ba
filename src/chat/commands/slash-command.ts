import type { ChatSession } from '../session/chat-session.js'
import type { ChatAction } from '../state/chat-reducer.js'
import type { ChatState } from '../state/chat-state.js'

/** What a slash command may use: the chat, its state, the screen. */
export interface SlashContext {
  readonly session: ChatSession
  /** The chat's state as it is now. */
  readonly state: () => ChatState
  /** Changes the chat's state: a notice, items, a cleared screen. */
  readonly dispatch: (action: ChatAction) => void
  /** Columns of the terminal, and whether colour is on (NO_COLOR off). */
  readonly width: number
  readonly color: boolean
  /** Every command of the chat (for `/help`). */
  readonly commands: readonly SlashCommand[]
  /** Ends the chat. */
  readonly exit: () => void
}

/**
 * A command typed as `/name args` in the chat. It reports through `ctx.dispatch` (a notice, or
 * items); a usage mistake is a `warning` notice that says how to type it.
 *
 * @example
 * const cost: SlashCommand = { name: 'cost', usage: '/cost', summary: 'tokens per message', run: (_, ctx) => … }
 */
export interface SlashCommand {
  /** The name after the slash, e.g. `permissions`. */
  readonly name: string
  /** How to type it, e.g. `/permissions explain <alias> <json>`. */
  readonly usage: string
  /** One line for `/help`. */
  readonly summary: string
  /** True when the command may run while a message is being answered (it changes nothing of the run). */
  readonly whileBusy?: boolean
  run(args: string, ctx: SlashContext): Promise<void> | void
}

/**
 * A typed line as a slash command: `/name rest`; `undefined` for a message (`//x` sends `/x`).
 * @example parseSlash('/mode plan') // { name: 'mode', args: 'plan' }
 */
export function parseSlash(text: string): { readonly name: string; readonly args: string } | undefined {
  const match = /^\/([a-z][a-z-]*)(?:\s+([\s\S]*))?$/i.exec(text.trim())
  if (match === null || text.startsWith('//')) return undefined
  return { name: (match[1] ?? '').toLowerCase(), args: (match[2] ?? '').trim() }
}

/**
 * Runs a typed slash command, or says it is unknown (with the closest names). A command that
 * throws becomes an error notice: the chat goes on.
 */
export async function runSlash(text: string, ctx: SlashContext): Promise<void> {
  const parsed = parseSlash(text)
  if (parsed === undefined) return
  const command = ctx.commands.find((candidate) => candidate.name === parsed.name)
  if (command === undefined) {
    const near = ctx.commands.filter((candidate) => candidate.name.startsWith(parsed.name.slice(0, 2)))
    const hint = near.length > 0 ? ` Did you mean ${near.map((c) => `/${c.name}`).join(', ')}?` : ''
    ctx.dispatch({ type: 'notice', tone: 'warning', text: `No command /${parsed.name}.${hint} /help lists them.` })
    return
  }
  if (ctx.session.busy && command.whileBusy !== true) {
    ctx.dispatch({
      type: 'notice',
      tone: 'warning',
      text: `/${command.name} waits until the answer is done (Ctrl-C stops it).`,
    })
    return
  }
  try {
    await command.run(parsed.args, ctx)
  } catch (error) {
    ctx.dispatch({
      type: 'notice',
      tone: 'error',
      text: `/${command.name}: ${error instanceof Error ? error.message : String(error)}`,
    })
  }
}

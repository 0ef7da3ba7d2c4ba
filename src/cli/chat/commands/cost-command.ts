import type { SlashCommand } from '../../../chat/commands/slash-command.js'
import type { ChatState, TurnUsage } from '../../../chat/state/chat-state.js'
import { formatCount } from '../../../text/quantities.js'
import { formatTable } from '../../format-table.js'

interface MessageUsage {
  readonly message: string
  turns: number
  input: number
  output: number
}

/**
 * `/cost`: the tokens of this chat per message (model turns, input, output), the totals, and how
 * much of the model's context window the last turn used.
 * @example await runSlash('/cost', ctx)
 */
export const costCommand: SlashCommand = {
  name: 'cost',
  usage: '/cost',
  summary: 'tokens per message and context used',
  whileBusy: true,
  run(_args, ctx) {
    ctx.dispatch({ type: 'notice', tone: 'info', text: costText(ctx.state()) })
  },
}

/**
 * The tokens of a chat's state as text: a row per message, the totals, the context used.
 * @example costText(state) // 'MESSAGE  TURNS  INPUT  OUTPUT\n…'
 */
export function costText(state: ChatState): string {
  const messages = byMessage(state.usage)
  if (messages.length === 0) return 'No tokens yet: no model turn in this chat.'
  const zero = { turns: 0, input: 0, output: 0 }
  const total = messages.reduce(
    (sum, row) => ({ turns: sum.turns + row.turns, input: sum.input + row.input, output: sum.output + row.output }),
    zero,
  )
  const row = (label: string, usage: Omit<MessageUsage, 'message'>) => [
    label,
    String(usage.turns),
    formatCount(usage.input),
    formatCount(usage.output),
  ]
  const table = formatTable(
    ['MESSAGE', 'TURNS', 'INPUT', 'OUTPUT'],
    [
      ...messages.map((usage) => row(usage.message === '' ? '(no message)' : usage.message, usage)),
      row('total', total),
    ],
  )
  return [table, contextLine(state)].join('\n')
}

/** Consecutive turns answering the same message add up to one row. */
function byMessage(usage: readonly TurnUsage[]): MessageUsage[] {
  const rows: MessageUsage[] = []
  for (const turn of usage) {
    const last = rows.at(-1)
    const row =
      last !== undefined && last.message === turn.message
        ? last
        : { message: turn.message, turns: 0, input: 0, output: 0 }
    if (row !== last) rows.push(row)
    row.turns += 1
    row.input += turn.inputTokens ?? 0
    row.output += turn.outputTokens ?? 0
  }
  return rows
}

function contextLine(state: ChatState): string {
  const { contextUsed, contextTokens } = state.status
  if (contextUsed === undefined || contextTokens === undefined || contextTokens <= 0)
    return 'context: not reported by the model'
  const percent = Math.round((contextUsed / contextTokens) * 100)
  return `context: ${formatCount(contextUsed)} of ${formatCount(contextTokens)} tokens (${percent} %)`
}

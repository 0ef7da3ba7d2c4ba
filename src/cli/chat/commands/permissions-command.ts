import type { SlashCommand } from '../../../chat/commands/slash-command.js'
import { chatProtocol } from './chat-protocol.js'

const usage = '/permissions explain <alias> <json>'

/**
 * `/permissions explain <alias> <json>`: what the chat's profile, scope and mode decide for a call,
 * and why (as `toolhost permissions explain`).
 * @example await runSlash('/permissions explain shell {"command":"git push"}', ctx)
 */
export const permissionsCommand: SlashCommand = {
  name: 'permissions',
  usage,
  summary: 'which rule decides a call, and why',
  whileBusy: true,
  async run(args, ctx) {
    const match = /^explain\s+(\S+)(?:\s+([\s\S]*))?$/.exec(args)
    const [, tool, json] = match ?? []
    if (tool === undefined) {
      ctx.dispatch({
        type: 'notice',
        tone: 'warning',
        text: `Type it as ${usage}, e.g. /permissions explain shell {"command":"ls"}`,
      })
      return
    }
    let input: unknown = {}
    if (json !== undefined && json.trim() !== '') {
      try {
        input = JSON.parse(json)
      } catch {
        ctx.dispatch({
          type: 'notice',
          tone: 'warning',
          text: `The arguments are not JSON: type them as one object after the tool, e.g. /permissions explain ${tool} {"path":"a.txt"}`,
        })
        return
      }
    }
    const { session } = ctx
    const { profile } = await session.host.resolveProfile(session.profile)
    const mode = session.mode ?? profile.permissions.mode
    let explanation
    try {
      explanation = await session.host.explainPermission(
        tool,
        input,
        { ...profile, permissions: { ...profile.permissions, mode } },
        { scope: session.scope, protocol: chatProtocol(session.model) },
      )
    } catch (error) {
      // A tool it does not know, or arguments that do not fit the tool.
      if (!(error instanceof TypeError)) throw error
      ctx.dispatch({ type: 'notice', tone: 'warning', text: error.message })
      return
    }
    const lines = [`${explanation.behavior.toUpperCase()}: ${explanation.reason}`]
    if (!explanation.offered)
      lines.push(
        `note: the profile does not offer ${explanation.toolId}, so no call of it runs; /tools lists what it offers`,
      )
    if (explanation.rule !== undefined) lines.push(`rule: ${explanation.rule}`)
    lines.push(...explanation.trace.map((step) => `  - ${step}`))
    ctx.dispatch({ type: 'notice', tone: 'info', text: lines.join('\n') })
  },
}

import { formatCount } from '../../text/quantities.js'
import { style } from '../markdown/ansi-style.js'
import { cutToWidth } from '../markdown/fit-line.js'
import type { ChatState } from '../state/chat-state.js'
import { seconds, type ViewOptions } from './tool-line-text.js'

const activityWords = {
  idle: 'ready',
  model: 'waiting for the model',
  thinking: 'the model is thinking',
  tools: 'running tools',
  approval: 'waiting for your answer',
} as const

/**
 * The status line: what the chat is doing (and for how long), the model and mode, tokens in and
 * out, the share of the context window the last turn used, model turns, approvals waiting and
 * background commands. Figures that are zero are left out, so it fits 80 columns.
 * @example statusLine(state, Date.now(), { width: 80, color: false })
 * // 'ready · openai:gpt-4.1 · default · ↑1,204 ↓96 · ctx 1% · 2 turns'
 */
export function statusLine(state: ChatState, now: number, options: ViewOptions): string {
  const s = style(options.color)
  const { status } = state
  const doing =
    status.activity === 'idle' || status.busySince === undefined
      ? activityWords[status.activity]
      : `${activityWords[status.activity]} ${seconds(now - status.busySince)}`
  const parts = [
    status.activity === 'idle' ? s.green(doing) : status.activity === 'approval' ? s.yellow(doing) : s.cyan(doing),
  ]
  // What waits for the person comes first, so a narrow terminal still shows it.
  if (state.approvals.length > 0) parts.push(s.yellow(`${state.approvals.length} to approve`))
  if (status.backgroundCommands > 0) parts.push(`${status.backgroundCommands} in background`)
  parts.push(status.model, status.mode === 'default' ? s.dim(status.mode) : s.magenta(status.mode))
  if (status.inputTokens > 0 || status.outputTokens > 0)
    parts.push(`↑${formatCount(status.inputTokens)} ↓${formatCount(status.outputTokens)}`)
  if (status.contextUsed !== undefined && status.contextTokens !== undefined && status.contextTokens > 0)
    parts.push(`ctx ${Math.round((status.contextUsed / status.contextTokens) * 100)}%`)
  if (status.rounds > 0) parts.push(`${formatCount(status.rounds)} ${status.rounds === 1 ? 'turn' : 'turns'}`)
  return cutToWidth(parts.join(s.dim(' · ')), options.width)
}

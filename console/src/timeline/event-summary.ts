import type { TimelineEvent } from './timeline-model.js'

/** How a run or turn event reads on its collapsed row, and its tone. */
export interface EventSummary {
  readonly title: string
  readonly tone: 'ok' | 'warn' | 'error' | 'info' | 'muted'
  /** Longer text shown when the row is opened (a prompt, a reply). */
  readonly body?: string
  /** The start of that text, on the collapsed row (not for system prompts). */
  readonly preview?: string
}

/** The first line of `text`, cut to `max` characters; `undefined` when blank. */
export function previewOf(text: string, max = 160): string | undefined {
  const line = text.trim().split('\n', 1)[0]?.trim() ?? ''
  if (line === '') return undefined
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

const s = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)

/**
 * The summary of a run-level or turn event.
 *
 * @example
 * summarizeEvent(parseEvent('finished', '9', '{"status":"completed","reason":"text reply"}')).title
 * // → 'Finished: completed (text reply)'
 */
export function summarizeEvent(event: TimelineEvent): EventSummary {
  const summary = summaryOf(event)
  if (summary.preview !== undefined || summary.body === undefined || event.type === 'invocation_started') return summary
  const preview = previewOf(summary.body)
  return preview === undefined ? summary : { ...summary, preview }
}

function summaryOf(event: TimelineEvent): EventSummary {
  const d = event.data
  switch (event.type) {
    case 'run_started':
      return {
        title: `Run started · ${s(d.model)} · profile ${s(d.profileId)} · ${s(d.scope)}`,
        tone: 'info',
        body: s(d.prompt),
      }
    case 'invocation_started':
      return {
        title: `Agent ${s(d.agentId)} started (${s(d.mode)})`,
        tone: 'muted',
        ...(d.system !== undefined && { body: s(d.system) }),
      }
    case 'turn_started':
      return { title: `Model turn ${s(d.round)}`, tone: 'muted' }
    case 'turn_completed':
      return {
        title: `Turn ${s(d.round)} ended${d.status !== undefined ? `: ${s(d.status)}` : ''}${d.calls !== undefined ? ` · ${s(d.calls)} call(s)` : ''}`,
        tone: d.status === 'failed' ? 'error' : d.status === 'paused' ? 'warn' : 'muted',
      }
    case 'reply':
      return { title: `Reply → ${s(d.path)}`, tone: 'ok', body: s(d.text) }
    case 'drift':
      return { title: `Turn without tool calls (attempt ${s(d.attempt)}) saved to ${s(d.path)}`, tone: 'warn' }
    case 'compacted':
      return { title: `History compacted: ${s(d.tokensBefore)} → ${s(d.tokensAfter)} tokens`, tone: 'muted' }
    case 'handoff':
      return {
        title: `Handoff ${s(d.from)} → ${s(d.to)}`,
        tone: 'info',
        ...(d.message !== undefined && { body: s(d.message) }),
      }
    case 'child_started':
      return {
        title: `Sub-agent ${s(d.agentId ?? d.childId)} started`,
        tone: 'info',
        ...(d.objective !== undefined && { body: s(d.objective) }),
      }
    case 'child_ended':
      return {
        title: `Sub-agent ${s(d.agentId ?? d.childId)} ended${d.status !== undefined ? `: ${s(d.status)}` : ''}`,
        tone: d.error !== undefined ? 'error' : 'ok',
        ...((d.summary ?? d.error) !== undefined && { body: s(d.error ?? d.summary) }),
      }
    case 'tasks':
      return planSummary(d.items)
    case 'finished':
      return {
        title: `Finished: ${s(d.status)}${d.reason !== undefined ? ` (${s(d.reason)})` : ''}`,
        tone:
          d.status === 'completed' ? 'ok' : d.status === 'paused' ? 'warn' : d.status === 'failed' ? 'error' : 'muted',
        ...(d.text !== undefined && { body: s(d.text) }),
      }
    case 'model_error':
      return {
        title: `Model error${d.retrying === true ? ' (retrying)' : ''}: ${s(d.message)}`,
        tone: d.retrying === true ? 'warn' : 'error',
      }
    default:
      return {
        title: event.type.replaceAll('_', ' '),
        tone: 'muted',
        body: JSON.stringify(d, null, 2),
        ...(previewOf(JSON.stringify(d)) !== undefined && { preview: previewOf(JSON.stringify(d)) as string }),
      }
  }
}

const planMarks: Readonly<Record<string, string>> = {
  pending: '[ ]',
  in_progress: '[>]',
  completed: '[x]',
  cancelled: '[-]',
}

/** An agent's plan (task.write): its progress as the title, the checklist as the body. */
function planSummary(items: unknown): EventSummary {
  const list = Array.isArray(items) ? (items as { content?: unknown; status?: unknown }[]) : []
  const counted = list.filter((item) => item.status !== 'cancelled')
  const done = counted.filter((item) => item.status === 'completed').length
  const body = list
    .map((item, index) => `${index + 1}. ${planMarks[s(item.status)] ?? '[ ]'} ${s(item.content)}`)
    .join('\n')
  return { title: list.length === 0 ? 'Plan cleared' : `Plan: ${done} of ${counted.length} done`, tone: 'info', body }
}

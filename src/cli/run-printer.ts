import type { AgentEvent } from '../agent/loop/agent-events.js'
import type { Scope } from '../core/scope.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { ActivityIndicator } from './activity-indicator.js'
import type { CliIo } from './cli-io.js'
import { progressText } from '../chat/ui/progress-text.js'

export { progressText }

/** Prints a run's events as they come; `endLine` ends a line the streamed text left open. */
export interface RunPrinter {
  onEvent(event: AgentEvent): void
  endLine(): void
}

/** Options of {@link runPrinter}. */
export interface RunPrinterOptions {
  readonly json: boolean
  /** In chat scope stdout carries the published replies, and the model's other text is a note. */
  readonly scope: Scope
  /** Shows at a terminal what the run is waiting for. */
  readonly activity?: ActivityIndicator
}

/**
 * Prints events as they come: the answer to stdout (the streamed text in session scope, the
 * published replies in chat scope), calls, results and notes to stderr; or one JSON line per event.
 */
export function runPrinter(io: CliIo, options: RunPrinterOptions): RunPrinter {
  let midLine = false
  // Chat scope: the model's text beside its replies, printed to stderr a line at a time.
  let aside = ''
  const { activity } = options
  const endLine = () => {
    activity?.clear()
    if (midLine) io.out('')
    midLine = false
    if (aside !== '') io.err(aside)
    aside = ''
  }
  if (options.json) return { onEvent: (event) => io.out(JSON.stringify(event)), endLine }
  const note = (text: string) => {
    endLine()
    io.err(text)
  }
  const stream = (delta: string) => {
    if (delta === '') return
    activity?.clear()
    if (io.write !== undefined) io.write(delta)
    else io.out(delta)
    midLine = !delta.endsWith('\n')
  }
  const asideText = (delta: string) => {
    const lines = (aside + delta).split('\n')
    aside = lines.pop() ?? ''
    if (lines.length === 0) return
    activity?.clear()
    io.err(lines.join('\n'))
  }
  const tracker = activityTracker()
  const print = (event: AgentEvent): void => {
    switch (event.type) {
      case 'text-delta':
        // In chat scope only a published reply is the answer; text beside it is the model thinking aloud.
        if (options.scope === 'chat') asideText(event.delta)
        else stream(event.delta)
        return
      case 'tool-call':
        note(`→ ${event.call.name} ${event.call.rawArguments.slice(0, 200)}`)
        return
      case 'tool-result':
        note(resultLine(event.result))
        return
      case 'reply':
        note(`reply published (${event.path})`)
        io.out(event.text)
        return
      case 'model-retry':
        note(`model error, retry ${event.attempt} in ${Math.round(event.delayMs / 1000)} s: ${event.error}`)
        return
      case 'drift':
        note(`the model answered without publishing; reminder ${event.attempt} (text kept in ${event.path})`)
        return
      case 'handoff':
        note(`handoff ${event.from} → ${event.to}`)
        return
      case 'compacted':
        note(`history compacted: ~${event.tokensBefore} → ~${event.tokensAfter} tokens`)
        return
      case 'invocation-started':
        if (event.mode !== 'main') note(`${event.mode} agent ${event.agentId} started`)
        return
      case 'run-started':
        note(`run ${event.runId} (${event.model})${event.resumed ? ' resumed' : ''}`)
        return
      default:
        return
    }
  }
  const onEvent = (event: AgentEvent): void => {
    print(event)
    const label = tracker(event)
    // Streamed text shows the run is alive; a status line would only break into it.
    if (label === unchanged) return
    if (midLine) activity?.show(undefined)
    // What a tool says is timed from its call, not from when it said it.
    else activity?.show(label, event.type === 'tool-progress' ? event.elapsedMs : 0)
  }
  return { onEvent, endLine }
}

/** `✓ first line` or `✗ error.code: first line` of a result. */
export function resultLine(result: AgentToolResult): string {
  const first = result.content.split('\n')[0]?.slice(0, 160) ?? ''
  if (!result.isError) return `✓ ${first}`
  return `✗ ${result.errorCode === undefined ? '' : `${result.errorCode}: `}${first}`
}

const unchanged = Symbol('unchanged')
const waitingForModel = 'waiting for the model'

/**
 * Follows a run's events to say what it is waiting for: the model, or running tools (with what the
 * last one to report progress said); `undefined` while the model's text streams or once the run has
 * stopped.
 */
export function activityTracker(): (event: AgentEvent) => string | undefined | typeof unchanged {
  const running = new Map<string, string>()
  let said: { readonly callId: string; readonly text: string } | undefined
  const runningLabel = () => {
    const saying = said !== undefined && running.has(said.callId) ? said.text : undefined
    if (running.size === 1) return saying ?? `running ${[...running.values()][0] ?? ''}`
    return `running ${running.size} tools${saying === undefined ? '' : ` · ${saying}`}`
  }
  return (event) => {
    switch (event.type) {
      case 'run-started':
      case 'handoff':
      case 'compacted':
      case 'model-retry':
        return waitingForModel
      case 'reasoning-delta':
        return 'the model is thinking'
      case 'text-delta':
        return undefined
      case 'tool-call':
        running.set(event.call.callId, event.call.name)
        return runningLabel()
      case 'tool-progress':
        running.set(event.callId, event.alias)
        said = { callId: event.callId, text: `${event.alias}: ${progressText(event)}` }
        return runningLabel()
      case 'tool-result':
        running.delete(event.result.callId)
        // A model may reuse a call id later: what this call said ends with it.
        if (said?.callId === event.result.callId) said = undefined
        return running.size === 0 ? waitingForModel : runningLabel()
      case 'paused':
      case 'run-finished':
        running.clear()
        said = undefined
        return undefined
      default:
        return unchanged
    }
  }
}

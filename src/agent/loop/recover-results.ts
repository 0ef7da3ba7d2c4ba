import { terminalCallPhases } from '../../call/call-state.js'
import { resultOf } from '../../store/event-types.js'
import type { Store } from '../../store/store.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { repairTranscript } from '../history/index.js'
import type { TranscriptCall } from '../../store/transcript.js'

/**
 * Results for the calls of a turn the run did not finish (it was killed mid-turn): a call whose
 * end (a terminal event with a result) reached the store gets that result; any other call gets
 * `tool.outcome_unknown`, since it may have acted. Results come back in call order.
 */
export function recoverResults(
  store: Store,
  invocationId: string,
  calls: readonly TranscriptCall[],
): AgentToolResult[] {
  const repaired = repairTranscript([{ kind: 'assistant', text: '', calls }]).find((entry) => entry.kind === 'results')
  const unknown = repaired?.kind === 'results' ? repaired.results : []
  return calls.map((call, index): AgentToolResult => {
    const events = store.events({ invocationId, callId: call.callId, types: terminalCallPhases })
    for (const event of events.toReversed()) {
      const result = resultOf(event)
      if (result !== undefined) return { callId: call.callId, toolId: event.toolId, ...result }
    }
    const fallback = unknown[index]
    if (fallback === undefined) throw new Error(`no outcome_unknown result was made for call ${call.callId}`)
    return fallback
  })
}

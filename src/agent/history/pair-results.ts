import { errorResult, type AgentToolResult } from '../../tool/agent-tool-result.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { TranscriptCall, TranscriptEntry } from '../../store/transcript.js'

const outcomeUnknownText = loadText(import.meta.url, 'texts/outcome-unknown.md')

/**
 * The result given to a call whose outcome is not recorded (the run stopped mid-call): recoverable
 * `tool.outcome_unknown`, telling the model to check the state before repeating it (DESIGN §9).
 * `toolId` is `null`: the transcript holds only the name the model called.
 */
export function outcomeUnknownResult(call: TranscriptCall): AgentToolResult {
  return errorResult(call.callId, null, 'tool.outcome_unknown', fillText(outcomeUnknownText, { name: call.name }))
}

/**
 * Makes every call paired with exactly one result, as every protocol requires:
 *
 * - each assistant entry with calls is followed by one results entry holding one result per call,
 *   in call order (results split over several consecutive results entries are joined);
 * - a call without a recorded result gets {@link outcomeUnknownResult} (an interrupted turn);
 * - a result whose call is not in the preceding assistant entry is dropped, and so is a results
 *   entry that follows no assistant entry;
 * - of several results for one call, the first is kept.
 *
 * Other entries pass through unchanged; the input is not modified.
 *
 * @example
 * repairTranscript([{ kind: 'assistant', text: '', calls: [{ callId: 'c1', name: 'dice_roll', rawArguments: '{}' }] }]) // adds a tool.outcome_unknown result for c1
 */
export function repairTranscript(entries: readonly TranscriptEntry[]): TranscriptEntry[] {
  const repaired: TranscriptEntry[] = []
  let index = 0
  while (index < entries.length) {
    const entry = entries[index] as TranscriptEntry
    index += 1
    if (entry.kind === 'results') continue // no assistant entry before it: its calls are unknown
    repaired.push(entry)
    if (entry.kind !== 'assistant') continue
    const recorded: AgentToolResult[] = []
    while (index < entries.length && entries[index]?.kind === 'results') {
      const results = entries[index] as Extract<TranscriptEntry, { kind: 'results' }>
      recorded.push(...results.results)
      index += 1
    }
    if (entry.calls.length > 0) repaired.push({ kind: 'results', results: pairResults(entry.calls, recorded) })
  }
  return repaired
}

/** One result per call, in call order: the first recorded one, else outcome unknown. */
function pairResults(calls: readonly TranscriptCall[], recorded: readonly AgentToolResult[]): AgentToolResult[] {
  const byCall = new Map<string, AgentToolResult>()
  for (const result of recorded) if (!byCall.has(result.callId)) byCall.set(result.callId, result)
  return calls.map((call) => byCall.get(call.callId) ?? outcomeUnknownResult(call))
}

/**
 * The calls that have no recorded result, in transcript order: after a crash these are the calls
 * to recover (look up their audit events, else give them `tool.outcome_unknown`).
 */
export function unpairedCalls(entries: readonly TranscriptEntry[]): TranscriptCall[] {
  const unpaired: TranscriptCall[] = []
  let index = 0
  while (index < entries.length) {
    const entry = entries[index] as TranscriptEntry
    index += 1
    if (entry.kind !== 'assistant') continue
    const answered = new Set<string>()
    while (index < entries.length && entries[index]?.kind === 'results') {
      for (const result of (entries[index] as Extract<TranscriptEntry, { kind: 'results' }>).results)
        answered.add(result.callId)
      index += 1
    }
    unpaired.push(...entry.calls.filter((call) => !answered.has(call.callId)))
  }
  return unpaired
}

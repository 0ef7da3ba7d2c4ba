import type { Timeline } from './timeline-model.js'

/** A run's transcript as `GET /api/runs/:id/transcript` sends it (only what the timeline reads). */
export interface RunTranscript {
  readonly invocations: readonly {
    readonly id: string
    readonly entries: readonly { readonly entry: Readonly<Record<string, unknown>> }[]
  }[]
}

/**
 * What the model wrote in each turn that made calls, by `<invocation id>#<n>` (the n-th such turn
 * of that invocation, from 1, as its turn events count them): the text of its n-th assistant
 * entry with calls (entries carried over from before are left out, as they were no turn of this
 * run; a last answer without calls is the run's finished text).
 *
 * @example
 * turnTexts({ invocations: [{ id: 'inv_1', entries: [{ entry: { kind: 'assistant', text: 'Hi', calls: [{}] } }] }] })
 * // → Map { 'inv_1#1' => 'Hi' }
 */
export function turnTexts(transcript: RunTranscript): Map<string, string> {
  const texts = new Map<string, string>()
  for (const invocation of transcript.invocations) {
    let turn = 0
    for (const { entry } of invocation.entries) {
      // Only turns with calls go through the turn pipeline and get turn events.
      if (entry.kind !== 'assistant' || entry.prior === true) continue
      if (!Array.isArray(entry.calls) || entry.calls.length === 0) continue
      turn += 1
      if (typeof entry.text === 'string' && entry.text.trim() !== '') texts.set(`${invocation.id}#${turn}`, entry.text)
    }
  }
  return texts
}

/**
 * The key {@link turnTexts} gives each `turn_started` row of the timeline: its invocation and
 * its place among that invocation's turns.
 */
export function turnKeys(timeline: Timeline): Map<string, string> {
  const keys = new Map<string, string>()
  const counts = new Map<string, number>()
  for (const row of timeline.rows) {
    if (row.kind !== 'event' || row.event.type !== 'turn_started') continue
    const invocation = row.event.invocationId ?? ''
    const n = (counts.get(invocation) ?? 0) + 1
    counts.set(invocation, n)
    keys.set(row.key, `${invocation}#${n}`)
  }
  return keys
}

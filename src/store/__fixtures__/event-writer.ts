/**
 * A child process that writes to a store, for the crash and concurrency tests.
 *
 * Both modes create the run and invocation when they do not exist yet.
 *
 *   event-writer.ts crash <dataDir> <runId> <invocationId>
 *     Appends call events forever, printing each appended event as a JSON line after it commits.
 *     Every fourth call is requested (and started) but never completed. Meant to be SIGKILLed.
 *   event-writer.ts burst <dataDir> <runId> <invocationId> <label> <count> <startAt> [pause|nopause]
 *     Waits until the clock reaches startAt, appends <count> events for calls <label>-0… (pausing
 *     1 ms every 10 events unless nopause), and prints a JSON summary.
 */
import { openStore } from '../open-store.js'

const [mode, dataDir, runId, invocationId, ...rest] = process.argv.slice(2)
if (dataDir === undefined || runId === undefined || invocationId === undefined)
  throw new Error('usage: event-writer.ts crash|burst <dataDir> <runId> <invocationId> …')
const store = openStore(dataDir)
const base = { runId, invocationId }
// Several writers may start on a fresh directory at once: whoever comes first creates the run.
store.transaction(() => {
  if (store.getRun(runId) === undefined) store.createRun({ id: runId, scope: 'session', profileId: 'test' })
  if (store.getInvocation(invocationId) === undefined)
    store.createInvocation({ id: invocationId, runId, protocol: 'anthropic', snapshot: {}, profile: {} })
})

if (mode === 'crash') {
  for (let i = 0; ; i += 1) {
    const callId = `call-${i}`
    const toolId = `builtin:test.tool${i % 3}`
    const report = (seq: number, type: string) => process.stdout.write(`${JSON.stringify({ seq, type, callId })}\n`)
    report(
      store.appendEvent({
        ...base,
        type: 'requested',
        callId,
        toolId,
        data: { alias: `tool${i % 3}`, rawArguments: `{"i":${i}}` },
      }).seq,
      'requested',
    )
    report(store.appendEvent({ ...base, type: 'running', callId, toolId, data: {} }).seq, 'running')
    if (i % 4 === 3) continue
    const result = { content: `result ${i}`, isError: false, resourceRefs: [], images: [] }
    report(
      store.appendEvent({ ...base, type: 'succeeded', callId, toolId, data: { result, durationMs: 1 } }).seq,
      'succeeded',
    )
  }
} else if (mode === 'burst') {
  const [label = 'w', count = '100', startAt = '0', pauses = 'pause'] = rest
  const pause = pauses === 'pause'
  while (Date.now() < Number(startAt)) await new Promise((r) => setTimeout(r, 1))
  const started = performance.now()
  const seqs: number[] = []
  for (let i = 0; i < Number(count); i += 1) {
    seqs.push(
      store.appendEvent({
        ...base,
        type: 'requested',
        callId: `${label}-${i}`,
        data: { alias: 'tool', rawArguments: String(i) },
      }).seq,
    )
    // Like a real agent, pause now and then: SQLite's busy handler is not fair, and a writer in a
    // tight loop takes the lock back before the other's retry comes round.
    if (pause && i % 10 === 9) await new Promise((r) => setTimeout(r, 1))
  }
  const ms = performance.now() - started
  process.stdout.write(`${JSON.stringify({ label, seqs, ms })}\n`)
  store.close()
} else {
  throw new Error(`unknown mode ${String(mode)}`)
}

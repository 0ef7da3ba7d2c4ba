import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { TurnPausedError } from '../../execution/execute-turn.js'
import { ToolRuntimeError } from '../../execution/run/run-call.js'
import type { Invocation } from '../../host/invocation.js'
import { callHistories } from '../../store/call-history.js'
import type { Store } from '../../store/store.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { ToolId } from '../../core/tool-id.js'
import type { ApprovalMode } from './adapter-options.js'
import type { AdapterCall, AdapterImage, AdapterResult } from './adapter-call.js'
import { settlePausedTurn } from './settle-paused-turn.js'
import type { Settled } from './turn-batcher.js'

/** What running an adapter turn needs besides its calls. */
export interface AdapterTurnContext {
  readonly invocation: Invocation
  readonly store: Store
  readonly mode: ApprovalMode
  readonly adapterName: string
  readonly pollMs: number
}

/**
 * Runs the calls as one `executeTurn` and gives each its outcome. Errors the model can fix come back
 * as results (`isError`); a turn paused on approvals is settled (see {@link settlePausedTurn}). When a
 * tool fails in a way the model cannot fix (`ToolRuntimeError`), that call's caller gets the error
 * and the other calls their recorded results; any other failure of the turn goes to every caller.
 */
export async function runAdapterTurn(
  context: AdapterTurnContext,
  calls: readonly AdapterCall[],
): Promise<Settled<AdapterResult>[]> {
  const { invocation, store } = context
  const signal = turnSignal(calls)
  let results: AgentToolResult[]
  try {
    try {
      results = await invocation.executeTurn({
        calls: calls.map((call) => ({ callId: call.callId, name: call.alias, arguments: call.arguments })),
        ...(signal !== undefined && { signal }),
      })
    } catch (error) {
      if (!(error instanceof TurnPausedError)) throw error
      const approvedBy = new Map(
        calls.flatMap((call) => (call.approvedBy === undefined ? [] : [[call.callId, call.approvedBy]])),
      )
      results = await settlePausedTurn({ ...context, approvedBy, ...(signal !== undefined && { signal }) })
    }
  } catch (error) {
    if (error instanceof ToolRuntimeError) return recordedOutcomes(store, invocation.id, calls, error)
    return calls.map(() => ({ ok: false, error }))
  }
  const runDir = store.runDir(invocation.runId)
  return Promise.all(
    results.map(async (result) => ({ ok: true as const, value: { result, images: await readImages(result, runDir) } })),
  )
}

/** A turn's signal aborts once every call's own signal has (frameworks pass one signal for the whole step). */
function turnSignal(calls: readonly AdapterCall[]): AbortSignal | undefined {
  const signals = calls.map((call) => call.signal)
  if (signals.length === 0 || signals.some((signal) => signal === undefined)) return undefined
  const all = signals as AbortSignal[]
  const unique = [...new Set(all)]
  if (unique.length === 1) return unique[0]
  const controller = new AbortController()
  const check = () => {
    if (unique.every((signal) => signal.aborted)) controller.abort(unique[0]?.reason)
  }
  for (const one of unique) one.addEventListener('abort', check, { once: true })
  check()
  return controller.signal
}

/** After a tool's runtime failure: its caller gets the error, the others the result the audit recorded. */
function recordedOutcomes(
  store: Store,
  invocationId: string,
  calls: readonly AdapterCall[],
  failure: ToolRuntimeError,
): Settled<AdapterResult>[] {
  const histories = callHistories(store.events({ invocationId }))
  return calls.map((call) => {
    if (call.callId === failure.callId) return { ok: false, error: failure }
    const history = histories.findLast((one) => one.callId === call.callId)
    if (history?.result === undefined) return { ok: false, error: failure }
    const toolId = history.toolId as ToolId | null
    return { ok: true, value: { result: { ...history.result, callId: call.callId, toolId }, images: [] } }
  })
}

/** Reads a result's images from the run directory; one that cannot be read is left out (the text names its path). */
export async function readImages(result: AgentToolResult, runDir: string): Promise<AdapterImage[]> {
  const read = await Promise.all(
    result.images.map(async (image) => {
      try {
        const data = (await readFile(join(runDir, image.path))).toString('base64')
        return [{ data, mimeType: image.mimeType, path: image.path }]
      } catch {
        return []
      }
    }),
  )
  return read.flat()
}

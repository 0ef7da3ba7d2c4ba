import { snapshotIndex } from '../snapshot/snapshot-index.js'
import { errorResult, type AgentToolResult } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'
import { callContext } from './call-context.js'
import { claimsFor } from './claims-for.js'
import { finalizeResult } from './finalize-result.js'
import { runCall } from './run-call.js'
import { ScheduleError, scheduleJobs, type ScheduledJob } from './scheduler/index.js'
import type { TurnContext } from './turn-context.js'
import type { TurnSlot } from './turn-slots.js'

const texts = {
  timedOut: loadText(import.meta.url, 'texts/call-timed-out.txt'),
  cancelled: loadText(import.meta.url, 'texts/call-cancelled.txt'),
  unavailable: loadText(import.meta.url, '../gate/texts/tool-unavailable.txt'),
}

type AllowedSlot = Extract<TurnSlot, { kind: 'allowed' }>

/**
 * Phase two of a turn: the allowed calls run under the scheduler (conflicting claims in model
 * order, others together), each with its timeout and the run's signal; results are finalized and
 * recorded. Returns the results in slot order.
 * @throws the first ToolRuntimeError once every call has settled
 */
export async function runAllowedCalls(slots: readonly TurnSlot[], context: TurnContext): Promise<AgentToolResult[]> {
  const allowed = slots.filter((slot): slot is AllowedSlot => slot.kind === 'allowed')
  const jobs = allowed.map((slot) => jobFor(slot, context))
  let ran: AgentToolResult[]
  try {
    ran = await scheduleJobs(jobs, { maxConcurrency: context.profile().tools.maxConcurrency, signal: context.signal })
  } catch (error) {
    if (error instanceof ScheduleError && error.failures[0] !== undefined) throw error.failures[0].error
    throw error
  }
  const byCall = new Map(ran.map((result) => [result.callId, result]))
  return slots.map((slot) => (slot.kind === 'done' ? slot.result : (byCall.get(slot.callId) ?? missing(slot.callId))))
}

function jobFor(slot: AllowedSlot, context: TurnContext): ScheduledJob<AgentToolResult> {
  const binding = snapshotIndex(context.snapshot).byAlias(slot.alias)
  const tool = binding === undefined ? undefined : context.resolveTool(binding.toolId)
  if (binding === undefined || tool === undefined) {
    const result = errorResult(
      slot.callId,
      binding?.toolId ?? null,
      'tool.unavailable',
      fillText(texts.unavailable, { alias: slot.alias }),
    )
    return { claims: [], run: async () => result, onTimeout: () => result, onCancel: () => result }
  }
  const seconds = tool.timeoutMs >= 10_000 ? Math.round(tool.timeoutMs / 1000) : tool.timeoutMs / 1000
  const finish = (code: string, text: string) => {
    const result = errorResult(slot.callId, tool.id, code, fillText(text, { alias: slot.alias, seconds }))
    context.recorder.completed(result)
    return result
  }
  return {
    claims: claimsFor(tool, slot.input),
    timeoutMs: tool.timeoutMs,
    async run(signal) {
      const started = performance.now()
      context.recorder.started(slot.callId, tool.id, context.round)
      const ctx = callContext(context, slot.callId, tool.id, signal)
      try {
        const outcome = await runCall(tool, slot.input, ctx, (event) => {
          context.recorder.progress(slot.callId, tool.id, event)
          context.onProgress?.(event)
        })
        const result = await finalizeResult(outcome, tool, slot.alias, slot.input, context)
        // A call stopped by its timeout or the run has its outcome recorded already (onTimeout, onCancel).
        if (!signal.aborted) context.recorder.completed(result, Math.round(performance.now() - started))
        return result
      } catch (error) {
        context.recorder.failed(slot.callId, tool.id, error, Math.round(performance.now() - started))
        throw error
      }
    },
    onTimeout: () => finish('tool.timeout', texts.timedOut),
    onCancel: () => finish('tool.cancelled', texts.cancelled),
  }
}

function missing(callId: string): never {
  throw new Error(`internal: no result for call ${callId}`)
}

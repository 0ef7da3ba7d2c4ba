import type { CallState, CallStateIn } from '../call/call-state.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { postToolStep } from '../permissions/hooks/post-tool-step.js'
import { finalizeResult } from '../results/finalize-result.js'
import { snapshotIndex } from '../snapshot/snapshot-index.js'
import { errorResult, type AgentToolResult } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'
import { callContext } from './call-context.js'
import { claimsFor } from './claims-for.js'
import { runCall } from './run/run-call.js'
import { ScheduleError, scheduleJobs, type ScheduledJob } from './scheduler/index.js'
import type { TurnContext } from './turn-context.js'

const texts = {
  timedOut: loadText(import.meta.url, 'texts/call-timed-out.txt'),
  cancelled: loadText(import.meta.url, 'texts/call-cancelled.txt'),
  unavailable: loadText(import.meta.url, '../gate/texts/tool-unavailable.txt'),
}

type Scheduled = CallStateIn<'scheduled'>

/**
 * Phase two of a turn: the scheduled calls run under the scheduler (conflicting claims in model
 * order, others together), each with its timeout and the run's signal. Each call goes run →
 * results → post-tool hooks, and each move is recorded. Returns every call's result in call order.
 * @throws the first ToolRuntimeError once every call has settled
 */
export async function runScheduledCalls(calls: readonly CallState[], context: TurnContext): Promise<AgentToolResult[]> {
  const scheduled = calls.filter((call): call is Scheduled => call.phase === 'scheduled')
  const planned = scheduled.map((call) => jobFor(call, context))
  // Calls that start together are recorded as running in one flush, before any of them runs.
  const beforeStart = (indices: readonly number[]) =>
    context.recorder.startCalls(indices.flatMap((index) => planned[index]?.running ?? []))
  let ran: AgentToolResult[]
  try {
    ran = await scheduleJobs(
      planned.map(({ job }) => job),
      { maxConcurrency: context.profile().tools.maxConcurrency, signal: context.signal, beforeStart },
    )
  } catch (error) {
    if (error instanceof ScheduleError && error.failures[0] !== undefined) throw error.failures[0].error
    throw error
  }
  const byCall = new Map(ran.map((result) => [result.callId, result]))
  return calls.map((call) => ('result' in call && call.result !== undefined ? call.result : ranResult(byCall, call)))
}

/** A call's job, and the running state recorded when it starts (none for a call that cannot run). */
interface PlannedCall {
  readonly job: ScheduledJob<AgentToolResult>
  readonly running?: CallStateIn<'running'>
}

function jobFor(call: Scheduled, context: TurnContext): PlannedCall {
  const { recorder } = context
  const binding = snapshotIndex(context.snapshot).byAlias(call.alias)
  const tool = binding === undefined ? undefined : context.resolveTool(binding.toolId)
  if (tool === undefined) {
    const text = fillText(texts.unavailable, { alias: call.alias })
    const result = errorResult(call.callId, call.toolId, 'tool.unavailable', text)
    const fail = () => recorder.record({ ...outcomeBase(call), phase: 'failed', result }).result
    return { job: { claims: [], run: async () => fail(), onTimeout: fail, onCancel: fail } }
  }
  const seconds = tool.timeoutMs >= 10_000 ? Math.round(tool.timeoutMs / 1000) : tool.timeoutMs / 1000
  const stopped = (phase: 'timed_out' | 'cancelled') => () => {
    const [code, text] =
      phase === 'timed_out'
        ? (['tool.timeout', texts.timedOut] as const)
        : (['tool.cancelled', texts.cancelled] as const)
    const result = errorResult(call.callId, tool.id, code, fillText(text, { alias: call.alias, seconds }))
    // A call cancelled before it started never ran: scheduled → cancelled.
    const ran = recorder.state(call.callId)?.phase === 'running'
    return recorder.record({ ...outcomeBase(call), phase: ran ? phase : 'cancelled', result }).result
  }
  const job: ScheduledJob<AgentToolResult> = {
    claims: claimsFor(tool, call.input),
    timeoutMs: tool.timeoutMs,
    async run(signal) {
      const result = await runToResult(call, tool, signal, context)
      // A call stopped by its timeout or the run has its outcome recorded already (onTimeout, onCancel).
      if (!signal.aborted)
        recorder.record({ ...outcomeBase(call), phase: result.isError ? 'failed' : 'succeeded', result })
      return result
    },
    onTimeout: stopped('timed_out'),
    onCancel: stopped('cancelled'),
  }
  return { job, running: { ...outcomeBase(call), phase: 'running', input: call.input } }
}

/** Run → results → post-tool hooks for one call; a tool that throws is recorded as failed. */
async function runToResult(
  call: Scheduled,
  tool: CatalogTool,
  signal: AbortSignal,
  context: TurnContext,
): Promise<AgentToolResult> {
  const { recorder } = context
  try {
    const ctx = callContext(context, call.callId, tool.id, signal)
    const outcome = await runCall(tool, call.input, ctx, (event) => {
      recorder.progress(call.callId, tool.id, event)
      context.onProgress?.(event)
    })
    const { aliasOf } = snapshotIndex(context.snapshot)
    const finalized = await finalizeResult(outcome, {
      runDir: context.runDir,
      invocationId: context.invocationId,
      round: context.round,
      pagesItself: tool.pagesItself === true,
      inlineCharLimit: Math.min(context.profile().tools.inlineCharLimit, tool.inlineCharLimit ?? Infinity),
      ...(tool.previewExternalized !== undefined && { previewExternalized: tool.previewExternalized }),
      aliases: {
        readFile: aliasOf('builtin:workspace.read_file'),
        searchFiles: aliasOf('builtin:workspace.search_files'),
        shell: aliasOf('builtin:workspace.shell'),
      },
    })
    if (finalized.stored.length > 0) recorder.stored(call.callId, tool.id, finalized.stored)
    return await postToolStep(finalized.result, {
      hooks: context.hooks,
      alias: call.alias,
      input: call.input,
      runId: context.runId,
      invocationId: context.invocationId,
      signal: context.signal,
    })
  } catch (error) {
    if (!signal.aborted)
      recorder.record({
        ...outcomeBase(call),
        phase: 'failed',
        error:
          error instanceof Error
            ? { name: error.name, message: error.message }
            : { name: 'Error', message: String(error) },
      })
    throw error
  }
}

function outcomeBase(call: Scheduled) {
  return { callId: call.callId, alias: call.alias, round: call.round, toolId: call.toolId }
}

function ranResult(byCall: ReadonlyMap<string, AgentToolResult>, call: CallState): AgentToolResult {
  const result = byCall.get(call.callId)
  if (result === undefined) throw new Error(`internal: no result for call ${call.callId} (${call.phase})`)
  return result
}

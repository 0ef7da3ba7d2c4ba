import type { AgentRunOptions, AgentRunResult, FollowUpRunOptions, ResumeRunOptions } from './run-options.js'
import { resolveModel, type ResolvedModel } from '../providers/index.js'
import type { RunStart } from './run-context.js'
import { AgentRun } from './agent-run.js'

/**
 * Runs an agent: a new run in the store, the profile's snapshot over the model's protocol, and the
 * loop until the scope's finish policy ends it (or it pauses on a durable approval). A model call
 * that still fails after its retries (an unreachable endpoint, a silent one, a stream the provider
 * package rejects) ends the run `failed` with the reason in one line; other errors are thrown.
 *
 * @example
 * const host = await createToolHost()
 * const result = await runAgent({ host, model: 'openai:gpt-4.1-mini', prompt: 'Summarize README.md' })
 * console.log(result.status, result.text)
 */
export async function runAgent(options: AgentRunOptions): Promise<AgentRunResult> {
  const model = typeof options.model === 'string' ? resolveModel(options.model, options) : options.model
  return AgentRun.start(options, model)
}

/**
 * Resumes a run from the store in this or another process: the active invocation's frozen
 * snapshot, gate counts and transcript; a turn paused on approvals continues with the decisions
 * made since; calls cut off by a crash get their recorded result or `tool.outcome_unknown`.
 *
 * @example
 * await host.approvals.approve(approvalId)
 * const result = await resumeAgentRun({ host, runId })
 */
export async function resumeAgentRun(options: ResumeRunOptions): Promise<AgentRunResult> {
  return AgentRun.resume(options, (start) => modelOfRun(options, start))
}

/**
 * Goes on with a run that answered (or was cancelled, or failed) with the person's next message: the
 * same agent, its transcript with every call and result, its snapshot and "always" rules. A chat is
 * one run continued this way, so it can be resumed and audited as one.
 *
 * @example
 * const first = await runAgent({ host, model: 'openai:gpt-4.1-mini', prompt: 'What does src/a.ts do?' })
 * const next = await continueAgentRun({ host, runId: first.runId, prompt: 'Now add a test for it.' })
 */
export async function continueAgentRun(options: FollowUpRunOptions): Promise<AgentRunResult> {
  return AgentRun.resume(options, (start) => modelOfRun(options, start), { kind: 'follow-up', prompt: options.prompt })
}

/**
 * Summarizes a run's older turns now (as compaction does when the window fills), keeping the
 * recent ones; the run then waits for the next message. Ends `completed` with the reason
 * `compacted`, and a `compacted` event when there was something to summarize.
 *
 * @example await compactAgentRun({ host, runId })
 */
export async function compactAgentRun(options: ResumeRunOptions): Promise<AgentRunResult> {
  return AgentRun.resume(options, (start) => modelOfRun(options, start), { kind: 'compact' })
}

function modelOfRun(options: ResumeRunOptions, start: RunStart): ResolvedModel {
  if (typeof options.model === 'object') return options.model
  const spec = options.model ?? start.model
  // The run's own endpoint, unless another is given or the model is now of another provider.
  const baseUrl = options.baseUrl ?? (providerOf(spec) === providerOf(start.model) ? start.baseUrl : undefined)
  return resolveModel(spec, { ...options, ...(baseUrl !== undefined && { baseUrl }) })
}

function providerOf(spec: string): string {
  return spec.slice(0, spec.indexOf(':'))
}

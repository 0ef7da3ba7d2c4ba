import { fillText, loadText } from '../../text/model-text.js'
import type { DelegatedTask, TaskReturn } from '../../tool/run-services.js'
import type { InvocationEnd } from './invocation-end.js'
import { openAgent } from './open-agent.js'
import { profileOf, type RunContext } from './run-context.js'

const texts = {
  task: loadText(import.meta.url, 'texts/delegated-task.md'),
  context: loadText(import.meta.url, 'texts/delegated-context.md'),
  expected: loadText(import.meta.url, 'texts/delegated-expected.md'),
}

/** A delegation: who asks, the child's id and agent, the task, and the child's own signal. */
export interface ChildRequest {
  /** The delegating agent's id. */
  readonly by: string
  readonly childId: string
  readonly agentId: string
  readonly task: DelegatedTask
  readonly signal: AbortSignal
  readonly parentInvocationId: string
}

/** The first message a delegated child reads. */
export function taskPrompt(task: DelegatedTask): string {
  const parts = [fillText(texts.task, { objective: task.objective })]
  if (task.context !== undefined && task.context.trim() !== '')
    parts.push(fillText(texts.context, { context: task.context }))
  if (task.expectedOutput !== undefined && task.expectedOutput.trim() !== '')
    parts.push(fillText(texts.expected, { expected: task.expectedOutput }))
  return parts.join('\n\n')
}

/**
 * Runs a delegated child in return mode in the same run, with `child_started` / `child_ended`
 * events, and resolves with what it returned. It is cancelled with its signal or the run's.
 * @throws Error when the child fails, needs a durable approval, or is cancelled
 */
export async function runDelegatedChild(run: RunContext, request: ChildRequest): Promise<TaskReturn> {
  const { childId, agentId } = request
  run.store.appendRunEvent(run.runId, 'child_started', { childId, agentId, by: request.by })
  const signal = AbortSignal.any([request.signal, run.signal])
  try {
    const child = await openAgent(
      run,
      profileOf(run, agentId),
      'child',
      [{ kind: 'user', text: taskPrompt(request.task), task: true }],
      { childId, signal, parentInvocationId: request.parentInvocationId },
    )
    const result = childResult(await run.runAgent(child, signal))
    run.store.appendRunEvent(run.runId, 'child_ended', { childId, agentId, status: result.status })
    return result
  } catch (error) {
    run.store.appendRunEvent(run.runId, 'child_ended', {
      childId,
      agentId,
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
    })
    throw error
  }
}

/** A child's end as its delegating agent sees it. */
export function childResult(end: InvocationEnd): TaskReturn {
  switch (end.kind) {
    case 'returned':
      return end.result
    case 'completed':
      return { summary: end.text, status: 'completed', artifacts: [] }
    case 'paused':
      throw new Error('the child needs an approval that can only be given later; a delegated task cannot wait for it')
    case 'failed':
      throw new Error(end.reason)
    case 'handoff':
      throw new Error('a delegated child cannot hand off')
  }
}

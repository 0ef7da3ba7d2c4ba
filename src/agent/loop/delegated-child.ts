import { fillText, loadText } from '../../text/model-text.js'
import type { DelegatedTask, TaskReturn } from '../../tool/run-services.js'
import type { InvocationEnd } from './invocation-end.js'

const texts = {
  task: loadText(import.meta.url, 'texts/delegated-task.md'),
  context: loadText(import.meta.url, 'texts/delegated-context.md'),
  expected: loadText(import.meta.url, 'texts/delegated-expected.md'),
}

/** A delegation (run by `runDelegatedChild` in open-agent.ts): who asks, the child's id and agent, the task, and the child's own signal. */
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

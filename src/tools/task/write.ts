import { z } from 'zod'
import { ToolError } from '../../core/tool-error.js'
import { fillText } from '../../text/model-text.js'
import { defineTool } from '../../tool/define-tool.js'
import { runOf } from '../chat/run-of.js'
import { formatTaskList, taskProgress } from './format-task-list.js'
import { taskDescriptions, taskTexts } from './task-texts.js'
import { taskToolIds } from './task-tool-ids.js'

/** The most items a plan holds. */
export const maxTasks = 100

const inputSchema = z.object({
  tasks: z
    .array(
      z.object({
        content: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .describe('What to do, as a short imperative, e.g. "Add tests for the parser".'),
        status: z.enum(['pending', 'in_progress', 'completed', 'cancelled']),
      }),
    )
    .max(maxTasks)
    .describe(`The whole plan, in order (at most ${maxTasks} items); an empty list clears it.`),
})

/**
 * `task.write`: replaces the agent's plan, kept with the run (a run event), so `task.read`, a
 * resumed run and `toolhost runs show` find it. At most one item may be in progress
 * (`task.several_in_progress`). Structured output: `{ tasks }`.
 */
export const taskWriteTool = defineTool({
  name: 'task.write',
  description: (ctx) => fillText(taskDescriptions.write, { read: ctx.alias(taskToolIds.read) }),
  inputSchema,
  // It changes only the run's own record of the plan, so nothing to ask a person about; calls of
  // one turn still keep their model order.
  annotations: { readOnly: true },
  resources: () => [{ kind: 'exclusive' }],
  requires: ['run'],
  renamedParameters: { todos: 'tasks', items: 'tasks', plan: 'tasks' },
  call: async ({ tasks }, ctx) => {
    const busy = tasks.flatMap((task, index) => (task.status === 'in_progress' ? [index + 1] : []))
    if (busy.length > 1)
      throw new ToolError(
        'task.several_in_progress',
        fillText(taskTexts.severalInProgress, { items: busy.join(', ') }),
        {
          items: busy,
        },
      )
    await runOf(ctx).tasks.write(tasks)
    const write = ctx.alias(taskToolIds.write)
    if (tasks.length === 0) return { content: fillText(taskTexts.cleared, { write }), structured: { tasks: [] } }
    const content = fillText(taskTexts.written, { progress: taskProgress(tasks), list: formatTaskList(tasks) })
    const idle = busy.length === 0 && tasks.some((task) => task.status === 'pending')
    return {
      content: idle ? `${content}\n${fillText(taskTexts.nextStep, { write })}` : content,
      structured: { tasks: tasks.map((task) => ({ ...task })) },
    }
  },
  renderToolUseMessage: ({ tasks }) => (tasks.length === 0 ? 'Clear the plan' : `Plan: ${taskProgress(tasks)}`),
  renderToolResultMessage: (output) => {
    const tasks = output.structured?.tasks
    if (!Array.isArray(tasks)) return 'Plan saved'
    const current = tasks.find((task: { status?: unknown }) => task.status === 'in_progress') as
      { content?: unknown } | undefined
    return current === undefined ? `${tasks.length} items` : `Now: ${String(current.content)}`
  },
})

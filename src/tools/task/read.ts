import { z } from 'zod'
import { fillText } from '../../text/model-text.js'
import { defineTool } from '../../tool/define-tool.js'
import { runOf } from '../chat/run-of.js'
import { formatTaskList, taskProgress } from './format-task-list.js'
import { taskDescriptions, taskTexts } from './task-texts.js'
import { taskToolIds } from './task-tool-ids.js'

/** `task.read`: the agent's current plan with each item's status. Structured output: `{ tasks }`. */
export const taskReadTool = defineTool({
  name: 'task.read',
  description: (ctx) => fillText(taskDescriptions.read, { write: ctx.alias(taskToolIds.write) }),
  inputSchema: z.object({}),
  annotations: { readOnly: true },
  requires: ['run'],
  call: async (_input, ctx) => {
    const tasks = runOf(ctx).tasks.read()
    if (tasks.length === 0)
      return { content: fillText(taskTexts.empty, { write: ctx.alias(taskToolIds.write) }), structured: { tasks: [] } }
    return {
      content: fillText(taskTexts.current, { progress: taskProgress(tasks), list: formatTaskList(tasks) }),
      structured: { tasks: tasks.map((task) => ({ ...task })) },
    }
  },
  renderToolUseMessage: () => 'Read the plan',
  renderToolResultMessage: (output) =>
    Array.isArray(output.structured?.tasks) ? `${output.structured.tasks.length} items` : 'Plan read',
})

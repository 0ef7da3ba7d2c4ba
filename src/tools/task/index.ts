import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { taskReadTool } from './read.js'
import { taskWriteTool } from './write.js'

export { formatTaskList, taskProgress } from './format-task-list.js'
export { taskReadTool } from './read.js'
export { taskToolIds } from './task-tool-ids.js'
export { maxTasks, taskWriteTool } from './write.js'

/** The plan tools; offered to invocations the agent loop drives, which keeps the plan with the run. */
export const taskTools: readonly AnyToolDefinition[] = [taskWriteTool, taskReadTool]

import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { scheduleCancelTool } from './cancel.js'
import { scheduleCreateTool } from './create.js'
import { scheduleListTool } from './list.js'

export { scheduleCancelTool } from './cancel.js'
export { maxPromptChars, scheduleCreateTool } from './create.js'
export { maxListedSchedules, scheduleListTool } from './list.js'
export { scheduleToolIds } from './schedule-tool-ids.js'

/** The schedule tools; offered only to daemon runs whose conversation has schedules. */
export const scheduleTools: readonly AnyToolDefinition[] = [scheduleCreateTool, scheduleListTool, scheduleCancelTool]

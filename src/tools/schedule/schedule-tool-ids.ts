import type { ToolId } from '../../core/tool-id.js'

/** Ids of the schedule tools. */
export const scheduleToolIds = {
  create: 'builtin:schedule.create',
  list: 'builtin:schedule.list',
  cancel: 'builtin:schedule.cancel',
} as const satisfies Record<string, ToolId>

import type { ToolId } from '../../core/tool-id.js'

/** Ids of the plan tools. */
export const taskToolIds = {
  write: 'builtin:task.write',
  read: 'builtin:task.read',
} as const satisfies Record<string, ToolId>

import type { ToolId } from '../../core/tool-id.js'

/** Ids of the database tools. */
export const databaseToolIds = {
  query: 'builtin:database.query',
  schema: 'builtin:database.schema',
} as const satisfies Record<string, ToolId>

import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { databaseQueryTool } from './query.js'
import { databaseSchemaTool } from './schema.js'

export { databaseToolIds } from './database-tool-ids.js'
export { databaseQueryTool, defaultQueryLimit, maxQueryLimit } from './query.js'
export { databaseSchemaTool } from './schema.js'

/** The database tools; offered only with a profile that has connections under `databases`. */
export const databaseTools: readonly AnyToolDefinition[] = [databaseQueryTool, databaseSchemaTool]

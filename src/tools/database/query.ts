import { z } from 'zod'
import { cutShort, fillText } from '../../text/model-text.js'
import { counted } from '../../text/quantities.js'
import { defineTool } from '../../tool/define-tool.js'
import { resolveTarget } from './connection-target.js'
import { databaseDescriptions } from './database-texts.js'
import { databaseToolIds } from './database-tool-ids.js'
import { noConnections } from './no-connections.js'
import { formatResult } from './result-table.js'
import { runStatements } from './run-statements.js'

/** Rows a query returns unless it asks for another number. */
export const defaultQueryLimit = 100
/** The most rows one query returns. */
export const maxQueryLimit = 1_000

/**
 * `database.query`: one read-only SQL statement on a connection of the profile's `databases`, the
 * rows as a Markdown table. The database enforces read-only (SQLite: read-only file, `query_only`,
 * an authorizer; PostgreSQL: a read-only transaction through the extended protocol, rolled back),
 * never a check of the text. Structured output:
 * `{ database, columns, rows, rowCount, truncated, durationMs }`.
 */
export const databaseQueryTool = defineTool({
  name: 'database.query',
  description: (ctx) => fillText(databaseDescriptions.query, { schema: ctx.alias(databaseToolIds.schema) }),
  inputSchema: z.object({
    database: z.string().min(1).max(200).describe('The connection name, e.g. "main".'),
    query: z
      .string()
      .trim()
      .min(1)
      .max(100_000)
      .describe('One SQL statement that reads, e.g. "SELECT id, email FROM users ORDER BY id LIMIT 20".'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxQueryLimit)
      .optional()
      .describe(`Rows returned, default ${defaultQueryLimit}, at most ${maxQueryLimit}.`),
  }),
  annotations: { readOnly: true, openWorld: true },
  // A statement may run up to 10 minutes (statementTimeoutMs), connecting comes on top.
  timeoutMs: 660_000,
  unavailableWith: noConnections,
  permissionSubject: ({ database }) => ({ kind: 'name', name: database }),
  renamedParameters: { sql: 'query', statement: 'query', connection: 'database', db: 'database', max_rows: 'limit' },
  call: async ({ database, query, limit = defaultQueryLimit }, ctx) => {
    const target = await resolveTarget(ctx.profile, database, ctx.workspace)
    const [result] = await runStatements(
      target,
      [{ sql: query, params: [], limit }],
      ctx.signal,
      ctx.alias(databaseToolIds.schema),
    )
    if (result === undefined) throw new Error('the database returned no result')
    return {
      content: formatResult(result, limit),
      structured: {
        database,
        columns: result.columns.map((column) => ({ ...column })),
        rows: result.rows.map((row) => [...row]),
        rowCount: result.rows.length,
        truncated: result.truncated,
        durationMs: result.durationMs,
      },
    }
  },
  renderToolUseMessage: ({ database, query }) => `Query ${database}: ${cutShort(query.replace(/\s+/g, ' '), 60)}`,
  renderToolResultMessage: (output) => {
    const structured = output.structured ?? {}
    const rows = counted(Number(structured.rowCount ?? 0), 'row')
    return `${rows} in ${Number(structured.durationMs ?? 0)} ms${structured.truncated === true ? ', more exist' : ''}`
  },
})

import { z } from 'zod'
import type { Profile } from '../../profile/profile-schema.js'
import { fillText } from '../../text/model-text.js'
import { defineTool, type ToolCallContext, type ToolOutput } from '../../tool/define-tool.js'
import { connectionKind, resolveTarget } from './connection-target.js'
import { unknownTable } from './database-errors.js'
import { databaseDescriptions, databaseTexts as texts } from './database-texts.js'
import { databaseToolIds } from './database-tool-ids.js'
import { noConnections } from './no-connections.js'
import { runStatements } from './run-statements.js'
import {
  columnInfos,
  columnLine,
  indexInfos,
  maxListedTables,
  tableStatements,
  tablesStatement,
  tableSummaries,
} from './schema-statements.js'

/**
 * `database.schema`: the profile's connections (no database), a database's tables and views with
 * their columns, or one table's columns and indexes; through the same read-only paths as
 * `database.query`. Structured output: `{ connections }`, `{ database, kind, tables, truncated }`
 * or `{ database, table, kind, columns, indexes }`.
 */
export const databaseSchemaTool = defineTool({
  name: 'database.schema',
  description: (ctx) => fillText(databaseDescriptions.schema, { query: ctx.alias(databaseToolIds.query) }),
  inputSchema: z
    .object({
      database: z.string().min(1).max(200).optional().describe('A connection name; omit to list the connections.'),
      table: z
        .string()
        .min(1)
        .max(300)
        .optional()
        .describe('A table or view of that database (PostgreSQL: "schema.table" or a name on the search path).'),
    })
    .refine((input) => input.table === undefined || input.database !== undefined, {
      message: 'table needs database: give the connection name too',
      path: ['database'],
    }),
  annotations: { readOnly: true, openWorld: true, idempotent: true },
  timeoutMs: 660_000,
  unavailableWith: noConnections,
  permissionSubject: ({ database }) => (database === undefined ? undefined : { kind: 'name', name: database }),
  renamedParameters: { connection: 'database', db: 'database', table_name: 'table', name: 'table' },
  call: async ({ database, table }, ctx) => {
    if (database === undefined) return listConnections(ctx)
    if (table === undefined) return listTables(database, ctx)
    return describeTable(database, table, ctx)
  },
  renderToolUseMessage: ({ database, table }) =>
    database === undefined
      ? 'List databases'
      : table === undefined
        ? `Tables of ${database}`
        : `Table ${table} of ${database}`,
  renderToolResultMessage: (output) => output.content.split('\n', 1)[0] ?? '',
})

function listConnections(ctx: ToolCallContext): ToolOutput {
  const connections = connectionsOf(ctx.profile)
  const lines = [
    fillText(texts.connectionsHeader, {
      count: connections.length,
      query: ctx.alias(databaseToolIds.query),
      schema: ctx.alias(databaseToolIds.schema),
    }),
    ...connections.map((connection) =>
      fillText(texts.connectionLine, {
        name: connection.name,
        kind: connection.kind,
        description: connection.description === undefined ? '' : `: ${connection.description}`,
      }),
    ),
  ]
  return { content: lines.join('\n'), structured: { connections } }
}

function connectionsOf(profile: Profile) {
  return Object.entries(profile.databases).map(([name, connection]) => ({
    name,
    kind: connectionKind(connection.url),
    ...(connection.description !== undefined && { description: connection.description }),
  }))
}

async function listTables(database: string, ctx: ToolCallContext): Promise<ToolOutput> {
  const target = await resolveTarget(ctx.profile, database, ctx.workspace)
  const schema = ctx.alias(databaseToolIds.schema)
  const [result] = await runStatements(target, [tablesStatement(target.kind)], ctx.signal, schema)
  const tables = result === undefined ? [] : tableSummaries(result)
  const truncated = result?.truncated === true
  const structured = { database, kind: target.kind, tables, truncated }
  if (tables.length === 0)
    return { content: fillText(texts.noTables, { name: database, kind: target.kind }), structured }
  const count = truncated ? `more than ${tables.length}` : String(tables.length)
  const lines = [
    fillText(texts.tablesHeader, { name: database, kind: target.kind, count }),
    ...tables.map((entry) => `- ${entry.name} (${entry.kind}): ${entry.columns}`),
  ]
  if (truncated) lines.push(fillText(texts.tablesMore, { count: maxListedTables, schema }))
  return { content: lines.join('\n'), structured }
}

async function describeTable(database: string, table: string, ctx: ToolCallContext): Promise<ToolOutput> {
  const target = await resolveTarget(ctx.profile, database, ctx.workspace)
  const schema = ctx.alias(databaseToolIds.schema)
  const [head, columnRows, indexRows] = await runStatements(
    target,
    tableStatements(target.kind, table),
    ctx.signal,
    schema,
  )
  const found = head?.rows[0]
  if (found === undefined || columnRows === undefined || indexRows === undefined)
    throw unknownTable({ name: database, schema }, table)
  const name = String(found[0])
  const kind = String(found[1])
  const columns = columnInfos(columnRows)
  const indexes = indexInfos(indexRows)
  const lines = [
    fillText(texts.tableHeader, { kind: kind.charAt(0).toUpperCase() + kind.slice(1), table: name, name: database }),
    texts.tableColumns,
    ...columns.map((column) => `- ${columnLine(column)}`),
    ...(indexes.length === 0
      ? [texts.tableNoIndexes]
      : [texts.tableIndexes, ...indexes.map((index) => `- ${index.name}: ${index.definition}`)]),
  ]
  return { content: lines.join('\n'), structured: { database, table: name, kind, columns, indexes } }
}

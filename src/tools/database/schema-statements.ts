import type { Cell, QueryRows, StatementRequest } from './query-rows.js'

/** Tables listed at most by `database.schema`; the rest are counted. */
export const maxListedTables = 300

/** A table or view in a listing: its name (schema-qualified in PostgreSQL), kind, and columns in one line. */
export interface TableSummary {
  readonly name: string
  readonly kind: string
  /** `id integer not null primary key, note text`. */
  readonly columns: string
}

/** A column of one table. */
export interface ColumnInfo {
  readonly name: string
  readonly type: string
  readonly nullable: boolean
  readonly primaryKey: boolean
  readonly default?: string
}

/** An index of one table: its name and definition. */
export interface IndexInfo {
  readonly name: string
  readonly definition: string
}

const postgresKind = `CASE c.relkind WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' WHEN 'p' THEN 'partitioned table' ELSE 'table' END`

const postgresTables = `SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname), ${postgresKind},
  (SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname) || ' ' || pg_catalog.format_type(a.atttypid, a.atttypmod)
      || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
      || CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) THEN ' primary key' ELSE '' END,
    ', ' ORDER BY a.attnum)
   FROM pg_catalog.pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'
ORDER BY 1`

const postgresTable = `SELECT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(c.relname), ${postgresKind}
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.oid = pg_catalog.to_regclass($1::text) AND c.relkind IN ('r', 'v', 'm', 'f', 'p')`

const postgresColumns = `SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
  EXISTS (SELECT 1 FROM pg_catalog.pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey)),
  pg_catalog.pg_get_expr(d.adbin, d.adrelid)
FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attrelid = pg_catalog.to_regclass($1::text) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum`

const postgresIndexes = `SELECT i.relname, pg_catalog.pg_get_indexdef(x.indexrelid)
FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class i ON i.oid = x.indexrelid
WHERE x.indrelid = pg_catalog.to_regclass($1::text)
ORDER BY x.indisprimary DESC, i.relname`

const sqliteTables = `SELECT m.name, m.type,
  (SELECT group_concat(rtrim(p.name || ' ' || p.type) || CASE WHEN p."notnull" THEN ' not null' ELSE '' END
      || CASE WHEN p.pk > 0 THEN ' primary key' ELSE '' END, ', ')
   FROM pragma_table_info(m.name) p)
FROM sqlite_schema m
WHERE m.type IN ('table', 'view') AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name`

const sqliteTable = `SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE`

const sqliteColumns = `SELECT name, type, "notnull" = 0, pk > 0, dflt_value FROM pragma_table_info(?1)`

const sqliteIndexes = `SELECT l.name,
  CASE WHEN l."unique" THEN 'unique ' ELSE '' END || '(' || (SELECT group_concat(i.name, ', ') FROM pragma_index_info(l.name) i) || ')'
  || CASE l.origin WHEN 'pk' THEN ', the primary key' WHEN 'u' THEN ', from a UNIQUE constraint' ELSE '' END
  || CASE WHEN l.partial THEN ', partial' ELSE '' END
FROM pragma_index_list(?1) l ORDER BY l.name`

/** The statement that lists a database's tables and views. */
export function tablesStatement(kind: 'sqlite' | 'postgres'): StatementRequest {
  return { sql: kind === 'sqlite' ? sqliteTables : postgresTables, params: [], limit: maxListedTables }
}

/** The statements that describe one table: its name and kind, its columns, its indexes. */
export function tableStatements(kind: 'sqlite' | 'postgres', table: string): StatementRequest[] {
  const [head, columns, indexes] =
    kind === 'sqlite' ? [sqliteTable, sqliteColumns, sqliteIndexes] : [postgresTable, postgresColumns, postgresIndexes]
  return [
    { sql: head, params: [table], limit: 1 },
    { sql: columns, params: [table], limit: 2_000 },
    { sql: indexes, params: [table], limit: 500 },
  ]
}

/** The rows of {@link tablesStatement} as summaries. */
export function tableSummaries(result: QueryRows): TableSummary[] {
  return result.rows.map((row) => ({ name: text(row[0]), kind: text(row[1]), columns: text(row[2]) }))
}

/** The rows of the column statement of {@link tableStatements}. */
export function columnInfos(result: QueryRows): ColumnInfo[] {
  return result.rows.map((row) => {
    const fallback = row[4]
    return {
      name: text(row[0]),
      type: text(row[1]),
      nullable: truthy(row[2]),
      primaryKey: truthy(row[3]),
      ...(fallback !== null && fallback !== undefined && { default: text(fallback) }),
    }
  })
}

/** The rows of the index statement of {@link tableStatements}. */
export function indexInfos(result: QueryRows): IndexInfo[] {
  return result.rows.map((row) => ({ name: text(row[0]), definition: text(row[1]) }))
}

/** A column in one line: `id integer not null primary key, default nextval(…)`. */
export function columnLine(column: ColumnInfo): string {
  const parts = [`${column.name} ${column.type}`.trim()]
  if (!column.nullable) parts.push('not null')
  if (column.primaryKey) parts.push('primary key')
  const line = parts.join(' ')
  return column.default === undefined ? line : `${line}, default ${column.default}`
}

function text(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell)
}

function truthy(cell: Cell | undefined): boolean {
  return cell === true || cell === 1
}

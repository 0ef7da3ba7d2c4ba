import type { ReactNode } from 'react'

/** Rows of objects and the columns they have between them, in first-seen order. */
export interface TableShape {
  readonly columns: readonly string[]
  readonly rows: readonly Readonly<Record<string, unknown>>[]
}

/**
 * The table a value reads as: a non-empty array of plain objects (with at most 30 columns), else
 * `undefined`.
 * @example
 * tableOf([{ a: 1 }, { a: 2, b: 'x' }]) // { columns: ['a', 'b'], rows: [...] }
 */
export function tableOf(value: unknown): TableShape | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined
  if (!value.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) return undefined
  const rows = value as Readonly<Record<string, unknown>>[]
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  return columns.length > 0 && columns.length <= 30 ? { columns, rows } : undefined
}

/** A cell's text: strings as they are, other scalars as JSON, objects as compact JSON. */
export function cellText(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  return JSON.stringify(value) ?? String(value)
}

/**
 * An array of objects as a table, one column per key, scrolling sideways when wide.
 * @example
 * <DataTable table={tableOf(rows)!} caption="Files" />
 */
export function DataTable({ table, caption }: { readonly table: TableShape; readonly caption: string }): ReactNode {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}>
              {table.columns.map((column) => (
                <td key={column}>{cellText(row[column])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

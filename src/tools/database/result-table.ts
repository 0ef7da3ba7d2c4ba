import { counted } from '../../text/quantities.js'
import { fillText } from '../../text/model-text.js'
import { databaseTexts as texts } from './database-texts.js'
import type { Cell, QueryRows } from './query-rows.js'

/** Characters of a cell shown in the table; the structured output keeps more. */
export const tableCellChars = 200

/**
 * A result as the model reads it: a Markdown table (header, then one line a row; NULL written
 * `NULL`, binary values `<N bytes>`, long cells cut, line breaks and `|` escaped) and a line with
 * the row count, whether there are more, and the duration.
 * @example formatResult({ columns: [{ name: 'id', type: 'integer' }], rows: [[1]], truncated: false, cutForSize: false, durationMs: 3 }, 100)
 * // '| id |\n| --- |\n| 1 |\n1 row in 3 ms.'
 */
export function formatResult(result: QueryRows, limit: number): string {
  const lines: string[] = []
  if (result.columns.length > 0) {
    lines.push(`| ${result.columns.map((column) => shownCell(column.name)).join(' | ')} |`)
    lines.push(`| ${result.columns.map(() => '---').join(' | ')} |`)
    for (const row of result.rows) lines.push(`| ${row.map(shownCell).join(' | ')} |`)
  }
  lines.push(summaryLine(result, limit))
  return lines.join('\n')
}

/** The closing line: `12 rows in 4 ms.`, or that there are more, or `No rows (4 ms).` */
export function summaryLine(
  result: Pick<QueryRows, 'rows' | 'truncated' | 'cutForSize' | 'durationMs'>,
  limit: number,
): string {
  const values = { rows: counted(result.rows.length, 'row'), ms: result.durationMs, limit }
  if (result.cutForSize) return fillText(texts.resultCut, values)
  if (result.truncated) return fillText(texts.resultTruncated, values)
  if (result.rows.length === 0) return fillText(texts.noRows, values)
  return fillText(texts.resultLine, values)
}

/** A cell as the table shows it. */
export function shownCell(cell: Cell): string {
  if (cell === null) return 'NULL'
  const text = String(cell)
  const cut = text.length > tableCellChars ? `${text.slice(0, tableCellChars)}…` : text
  return cut.replace(/\|/g, '\\|').replace(/\r?\n/g, '\\n').replace(/\r/g, '\\r')
}

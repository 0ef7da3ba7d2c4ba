import { describe, expect, it } from 'vitest'
import { formatResult, shownCell, tableCellChars } from './result-table.js'

describe('result tables', () => {
  it('show NULL, escape | and line breaks, and cut long cells', () => {
    expect(shownCell(null)).toBe('NULL')
    expect(shownCell('a|b\r\nc')).toBe('a\\|b\\nc')
    expect(shownCell(true)).toBe('true')
    expect(shownCell('x'.repeat(500))).toBe(`${'x'.repeat(tableCellChars)}…`)
  })

  it('end with the row count, or that there are none', () => {
    const columns = [{ name: 'n', type: 'integer' }]
    const base = { columns, truncated: false, cutForSize: false, durationMs: 7 }
    expect(formatResult({ ...base, rows: [[1], [2]] }, 100)).toBe('| n |\n| --- |\n| 1 |\n| 2 |\n2 rows in 7 ms.')
    expect(formatResult({ ...base, rows: [] }, 100)).toBe('| n |\n| --- |\nNo rows (7 ms).')
    expect(formatResult({ ...base, rows: [[1]], truncated: true }, 1)).toMatch(
      /^\| n \|\n\| --- \|\n\| 1 \|\n1 row shown in 7 ms; there are more \(limit 1\)/,
    )
  })
})

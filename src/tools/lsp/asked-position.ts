import { lspErrors } from './lsp-errors.js'
import { characterCount, splitLines, utf16Offset, type LspPosition } from './positions.js'

/**
 * The LSP position of a 1-based line and character column of `text`; the column may be one past the
 * line's end.
 * @throws ToolError `lsp.position_out_of_range` past the end of the file or the line
 */
export function askedPosition(text: string, path: string, line: number, column: number): LspPosition {
  const lines = splitLines(text)
  const lineText = lines[line - 1]
  if (lineText === undefined) throw lspErrors.lineOutOfRange(path, line, lines.length)
  const count = characterCount(lineText)
  if (column > count + 1) throw lspErrors.columnOutOfRange(path, line, column, count)
  return { line: line - 1, character: utf16Offset(lineText, column) }
}

import { dominantEol, endsWithNewline, joinLines, splitLines, type FileLine } from './file-lines.js'
import { findAnchor, findContext } from './find-context.js'
import { oldLines, type HunkLine, type PatchHunk } from './parse-patch.js'
import { anchorNotFound, contextAmbiguous, contextNotFound, type HunkSearch } from './patch-errors.js'

/**
 * Applies an update's hunks, in order, to a file's text and returns the new text. Each hunk is
 * searched for from where the previous one ended (after its `@@` anchors, if any). Context lines
 * keep the file's own text, so loosely matched lines are not rewritten; added lines take the
 * file's dominant line ending, and the file keeps its trailing-newline state (an empty file gets
 * one).
 * @throws ToolError `patch.context_not_found` naming the file, the hunk and the lines not found
 */
export function applyHunks(path: string, text: string, hunks: readonly PatchHunk[]): string {
  const file = splitLines(text)
  const lines = file.lines
  const texts = lines.map((line) => line.text)
  const eol = dominantEol(lines)
  const result: FileLine[] = []
  let cursor = 0
  hunks.forEach((hunk, index) => {
    const search: HunkSearch = {
      path,
      hunk: index + 1,
      patchLine: hunk.patchLine,
      fileLines: texts,
      from: cursor,
      atEnd: hunk.endOfFile,
    }
    const at = locateHunk(search, hunk)
    result.push(...lines.slice(cursor, at))
    cursor = at
    for (const line of hunk.lines) {
      if (line.op === '+') result.push({ text: line.text, eol })
      else {
        // A context line keeps the file's own text and terminator.
        if (line.op === ' ') result.push(lines[cursor] ?? { text: line.text, eol })
        cursor++
      }
    }
  })
  result.push(...lines.slice(cursor))
  return joinLines({ bom: file.bom, lines: terminate(result, eol, endsWithNewline(file)) })
}

/** The 0-based index where the hunk's old lines start (or where its added lines go). */
function locateHunk(search: HunkSearch, hunk: PatchHunk): number {
  let from = search.from
  for (const anchor of hunk.anchors) {
    const match = findAnchor(search.fileLines, anchor, from)
    if (match.kind === 'missing') throw anchorNotFound({ ...search, from }, anchor)
    if (match.kind === 'ambiguous') throw contextAmbiguous({ ...search, from }, match, [`@@ ${anchor}`])
    from = match.index + 1
  }
  const needle = oldLines(hunk)
  // Only added lines: they go right after the anchor, or else at the end of the file.
  if (needle.length === 0) return hunk.anchors.length > 0 && !hunk.endOfFile ? from : search.fileLines.length
  const match = findContext(search.fileLines, needle, { from, atEnd: hunk.endOfFile, first: hunk.anchors.length > 0 })
  const shown = shownOldLines(hunk.lines)
  if (match.kind === 'missing') throw contextNotFound({ ...search, from }, needle, shown)
  if (match.kind === 'ambiguous') throw contextAmbiguous({ ...search, from }, match, shown)
  return match.index
}

/** Every line but the last ends with a terminator; the last one has one only if the file had. */
function terminate(lines: readonly FileLine[], eol: '\n' | '\r\n', finalNewline: boolean): FileLine[] {
  return lines.map((line, index) => {
    const wanted = index < lines.length - 1 || finalNewline ? (line.eol === '' ? eol : line.eol) : ''
    return wanted === line.eol ? line : { text: line.text, eol: wanted }
  })
}

/** The hunk's context and removed lines as the patch wrote them, for messages. */
function shownOldLines(lines: readonly HunkLine[]): string[] {
  return lines.filter((line) => line.op !== '+').map((line) => `${line.op}${line.text}`)
}

/** What one line of a patch is. */
export type DiffLineKind = 'file' | 'hunk' | 'add' | 'remove' | 'context' | 'note' | 'other'

/** One line of a patch with its kind; `text` is the line as written, without its newline. */
export interface DiffLine {
  readonly kind: DiffLineKind
  readonly text: string
}

const hunkHeader = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/
const gitHeader =
  /^(diff --git |diff -|index |new file mode|deleted file mode|old mode|new mode|similarity index|dissimilarity index|rename from|rename to|copy from|copy to|Binary files |Index: |={20,}$)/
const patchMarker = /^\*\*\*\s*(Begin Patch|End Patch|Add File:|Delete File:|Update File:|Move to:|End of File)/

/**
 * The lines of a unified diff (git style, one or more files) or of a `*** Begin Patch` text, each
 * with its kind. In a unified diff the hunk header's counts say where a hunk ends, so a removed
 * line that reads `--- x` is not taken for the next file's header.
 * @example classifyDiff('@@ -1 +1 @@\n-a\n+b') // [{ kind: 'hunk', … }, { kind: 'remove', … }, { kind: 'add', … }]
 */
export function classifyDiff(patch: string): DiffLine[] {
  const lines = patch.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n')
  if (patch === '') return []
  return lines.some((line) => /^\*\*\*\s*Begin Patch/.test(line)) ? classifyApplyPatch(lines) : classifyUnified(lines)
}

function classifyApplyPatch(lines: readonly string[]): DiffLine[] {
  return lines.map((text) => {
    if (patchMarker.test(text)) return { kind: 'file', text }
    if (text.startsWith('@@')) return { kind: 'hunk', text }
    return { kind: body(text), text }
  })
}

function classifyUnified(lines: readonly string[]): DiffLine[] {
  const out: DiffLine[] = []
  // Lines left in the current hunk, old and new side; undefined outside a hunk with counts.
  let oldLeft = 0
  let newLeft = 0
  lines.forEach((text, i) => {
    if (oldLeft > 0 || newLeft > 0) {
      const kind = body(text)
      if (kind === 'remove' || kind === 'context') oldLeft--
      if (kind === 'add' || kind === 'context') newLeft--
      out.push({ kind, text })
      return
    }
    const hunk = hunkHeader.exec(text)
    if (hunk !== null) {
      oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1])
      newLeft = hunk[2] === undefined ? 1 : Number(hunk[2])
      out.push({ kind: 'hunk', text })
    } else if (text.startsWith('@@')) {
      out.push({ kind: 'hunk', text })
    } else if (gitHeader.test(text)) {
      out.push({ kind: 'file', text })
    } else if (text.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ') === true) {
      out.push({ kind: 'file', text })
    } else if (text.startsWith('+++ ') && out.at(-1)?.text.startsWith('--- ') === true) {
      out.push({ kind: 'file', text })
    } else {
      // Outside a counted hunk (a header without numbers, or text around the diff).
      const kind = body(text)
      out.push({ kind: kind === 'context' && !text.startsWith(' ') ? 'other' : kind, text })
    }
  })
  return out
}

function body(text: string): DiffLineKind {
  if (text.startsWith('+')) return 'add'
  if (text.startsWith('-')) return 'remove'
  if (text.startsWith('\\')) return 'note'
  return 'context'
}

/** Lines added and removed, and files named, in a patch. */
export interface DiffStats {
  readonly additions: number
  readonly deletions: number
  readonly files: number
}

/**
 * How many lines a patch adds and removes, and how many files it touches.
 * @example diffStats('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b') // { additions: 1, deletions: 1, files: 1 }
 */
export function diffStats(patch: string): DiffStats {
  let additions = 0
  let deletions = 0
  let gitFiles = 0
  let plusFiles = 0
  let patchFiles = 0
  for (const line of classifyDiff(patch)) {
    if (line.kind === 'add') additions++
    else if (line.kind === 'remove') deletions++
    else if (line.kind === 'file') {
      if (line.text.startsWith('diff ')) gitFiles++
      else if (line.text.startsWith('+++ ')) plusFiles++
      else if (/^\*\*\*\s*(Add|Delete|Update) File:/.test(line.text)) patchFiles++
    }
  }
  return { additions, deletions, files: Math.max(gitFiles, plusFiles, patchFiles) }
}

/** What one line of a diff is, for colour. */
export type DiffLineKind = 'add' | 'remove' | 'hunk' | 'meta' | 'context'

/**
 * Whether a text holds a unified diff or an apply-patch text (so its lines are worth colouring).
 * @example
 * looksLikeDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b') // true
 */
export function looksLikeDiff(text: string): boolean {
  return /^@@ .* @@/m.test(text) || /^\*\*\* Begin Patch$/m.test(text) || /^--- .*\n\+\+\+ /m.test(text)
}

/**
 * The kind of a diff line: file headers and patch markers are `meta`, `@@` lines `hunk`, then `+`
 * and `-` lines.
 * @example
 * diffLineKind('+const a = 1') // 'add'
 */
export function diffLineKind(line: string): DiffLineKind {
  if (line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('*** ') || line.startsWith('diff '))
    return 'meta'
  if (line.startsWith('@@')) return 'hunk'
  if (line.startsWith('+')) return 'add'
  if (line.startsWith('-')) return 'remove'
  return 'context'
}

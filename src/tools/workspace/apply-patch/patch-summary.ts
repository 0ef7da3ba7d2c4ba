import type { FileChange } from './plan-patch.js'

const letters = { add: 'A', update: 'M', delete: 'D', move: 'R' } as const

/** One line per change, as `git status --short` would say it: `A path`, `M path`, `D path`, `R old → new`. */
export function summaryLine(change: FileChange): string {
  if (change.action === 'move') return `R ${change.from ?? '?'} → ${change.path}`
  return `${letters[change.action]} ${change.path}`
}

/** A one-line summary for people, e.g. `3 files changed (+12 −4)`. */
export function describeChanges(changes: readonly FileChange[]): string {
  const added = changes.reduce((sum, change) => sum + change.added, 0)
  const removed = changes.reduce((sum, change) => sum + change.removed, 0)
  const files = changes.length === 1 ? '1 file' : `${changes.length} files`
  return `${files} changed (+${added} −${removed})`
}

/** The changes in a tool result's structured data, if it has that shape. */
export function changesOf(structured: Record<string, unknown> | undefined): FileChange[] | undefined {
  const files = structured?.['files']
  if (!Array.isArray(files)) return undefined
  const changes = files.filter(isFileChange)
  return changes.length === files.length ? changes : undefined
}

function isFileChange(value: unknown): value is FileChange {
  if (typeof value !== 'object' || value === null) return false
  const { path, action, added, removed } = value as Record<string, unknown>
  return (
    typeof path === 'string' &&
    typeof action === 'string' &&
    action in letters &&
    typeof added === 'number' &&
    typeof removed === 'number'
  )
}

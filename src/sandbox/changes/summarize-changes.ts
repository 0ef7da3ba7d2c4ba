import { fillText, loadTexts } from '../../text/model-text.js'
import { counted, formatCount } from '../../text/quantities.js'
import type { ChangedFile } from './parse-tree-diff.js'

const texts = loadTexts(import.meta.url, [
  'changesSummary',
  'noChanges',
  'changeNew',
  'changeDeleted',
  'changeBinary',
  'changeRenamed',
  'changesMore',
] as const)

/** Most files the summary names; the rest are counted, so a large change stays one short paragraph. */
const maxNamed = 20

/**
 * The model's one paragraph about what a command changed in the workspace: how many files, and
 * each (up to 20) with what happened to it and its line counts.
 * @example summarizeChanges(files) // 'Changed 3 files: src/a.ts (+4 −1), b.txt (new, +2), old.md (deleted).'
 */
export function summarizeChanges(files: readonly ChangedFile[]): string {
  if (files.length === 0) return texts.noChanges
  const named = files.slice(0, maxNamed).map(describe)
  if (files.length > maxNamed) named.push(fillText(texts.changesMore, { count: formatCount(files.length - maxNamed) }))
  return fillText(texts.changesSummary, { files: counted(files.length, 'file'), list: named.join(', ') })
}

function describe(file: ChangedFile): string {
  const lines = file.binary ? texts.changeBinary : `+${formatCount(file.additions)} −${formatCount(file.deletions)}`
  const notes = ((): string[] => {
    switch (file.status) {
      case 'added':
        if (file.binary) return [texts.changeNew, lines]
        return [texts.changeNew, ...(file.additions === 0 ? [] : [`+${formatCount(file.additions)}`])]
      case 'deleted':
        return [texts.changeDeleted]
      case 'renamed':
        return [
          fillText(texts.changeRenamed, { from: file.from ?? '' }),
          ...(file.binary || file.additions + file.deletions === 0 ? [] : [lines]),
        ]
      case 'modified':
        return [lines]
    }
  })()
  return `${file.path} (${notes.join(', ')})`
}

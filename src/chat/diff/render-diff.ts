import { style, type AnsiStyle } from '../markdown/ansi-style.js'
import { cutToWidth, expandTabs } from '../markdown/fit-line.js'
import { visibleText } from '../markdown/visible-text.js'
import { classifyDiff, type DiffLineKind } from './diff-lines.js'
import { diffTexts } from './texts.js'

export { diffStats, type DiffStats } from './diff-lines.js'

/** How a diff is drawn: colour, the terminal's width, and at most how many lines. */
export interface DiffOptions {
  readonly color: boolean
  readonly width: number
  /** Lines shown at most, the `… N more lines` line included; all when absent. */
  readonly maxLines?: number
}

/**
 * A unified diff (git style, several files) or a `*** Begin Patch` text coloured for a terminal:
 * file headers bold, hunk headers cyan, added lines green, removed red, context dim. Lines wider
 * than `width` are cut with `…`; control and bidi characters are made visible. Over `maxLines`,
 * the first lines are kept and a dim `… N more lines` ends the text.
 * @example renderDiff('@@ -1 +1 @@\n-a\n+b', { color: false, width: 80 }) // '@@ -1 +1 @@\n-a\n+b'
 */
export function renderDiff(patch: string, options: DiffOptions): string {
  const s = style(options.color)
  const width = Math.max(1, Math.floor(options.width))
  const lines = classifyDiff(visibleText(patch))
  const max = options.maxLines === undefined ? Infinity : Math.max(1, Math.floor(options.maxLines))
  const shown = lines.length > max ? lines.slice(0, max - 1) : lines
  const out = shown.map((line) => paintLine(line.kind, s)(cutToWidth(expandTabs(line.text), width)))
  if (shown.length < lines.length) out.push(s.dim(cutToWidth(diffTexts.moreLines(lines.length - shown.length), width)))
  return out.join('\n')
}

function paintLine(kind: DiffLineKind, s: AnsiStyle): (text: string) => string {
  switch (kind) {
    case 'file':
      return s.bold
    case 'hunk':
      return s.cyan
    case 'add':
      return s.green
    case 'remove':
      return s.red
    case 'context':
    case 'note':
      return s.dim
    case 'other':
      return (text) => text
  }
}

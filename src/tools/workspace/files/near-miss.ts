import { fillText } from '../../../text/model-text.js'
import { formatCount } from '../../../text/quantities.js'
import { cutLine, numberLine, splitLines } from './numbered-lines.js'
import { bigramSimilarity } from './similarity.js'
import { fileTexts } from './texts.js'

// Bounds that keep a failed edit's diagnosis cheap on large files.
const maxShownLines = 5
const maxComparedLines = 50_000
const comparedChars = 400
const similarEnough = 0.6

/**
 * Why `oldString` (already known not to occur) may have been meant: it includes the read output's
 * line numbers, it matches when quote characters or whitespace are normalized, or a line is very
 * similar. Returns a hint sentence followed by the file's lines in question, or `''`.
 */
export function nearMissHint(text: string, oldString: string): string {
  const fileLines = splitLines(text)
  const wanted = splitLines(oldString)
  if (wanted.every((line) => line.trim() === '')) return ''
  if (wanted.every((line) => line.trim() === '' || /^\s*\d+\t/.test(line))) return fileTexts.nearLineNumbers
  if (fileLines.length > maxComparedLines) return ''
  const quoted = findBlock(fileLines, wanted, unifyQuotes)
  if (quoted !== undefined) return withLines(fileTexts.nearQuotes, fileLines, quoted, wanted.length)
  const spaced = findBlock(fileLines, wanted, (line) => unifyQuotes(line).replace(/\s+/g, ''))
  if (spaced !== undefined) return withLines(fileTexts.nearWhitespace, fileLines, spaced, wanted.length)
  const similar = mostSimilarLine(fileLines, wanted.find((line) => line.trim() !== '') ?? '')
  return similar === undefined ? '' : withLines(fileTexts.nearSimilar, fileLines, similar, 1)
}

/** Straight quotes for typographic ones (1:1, so positions in a line stay the same). */
function unifyQuotes(line: string): string {
  return line.replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'").replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
}

/**
 * The 0-based index of the first file line where `wanted` matches line by line after `normalize`:
 * its first line may be the end of a file line and its last line the start of one, as an
 * `old_string` that begins or ends inside a line is.
 */
function findBlock(
  fileLines: readonly string[],
  wanted: readonly string[],
  normalize: (line: string) => string,
): number | undefined {
  const target = wanted.map(normalize)
  const lines = fileLines.map(normalize)
  const lastIndex = target.length - 1
  for (let i = 0; i + lastIndex < lines.length; i++) {
    const found = target.every((want, k) => {
      const line = lines[i + k] ?? ''
      if (lastIndex === 0) return line.includes(want)
      if (k === 0) return line.endsWith(want)
      return k === lastIndex ? line.startsWith(want) : line === want
    })
    if (found) return i
  }
  return undefined
}

function mostSimilarLine(fileLines: readonly string[], wanted: string): number | undefined {
  const target = wanted.trim().slice(0, comparedChars).toLowerCase()
  if (target.length < 4) return undefined
  let best: { index: number; score: number } | undefined
  for (const [index, line] of fileLines.entries()) {
    const score = bigramSimilarity(target, line.trim().slice(0, comparedChars).toLowerCase())
    if (score >= similarEnough && score > (best?.score ?? 0)) best = { index, score }
  }
  return best?.index
}

function withLines(template: string, fileLines: readonly string[], index: number, count: number): string {
  const shown = fileLines
    .slice(index, index + Math.min(count, maxShownLines))
    .map((line, k) => numberLine(index + k + 1, cutLine(line, comparedChars).text))
  return `${fillText(template, { line: formatCount(index + 1) })}\n${shown.join('\n')}`
}

/**
 * How loosely a hunk's lines matched the file, tried in this order: exactly, ignoring trailing
 * whitespace, ignoring leading and trailing whitespace, then also reading typographic punctuation
 * (curly quotes, dashes, special spaces) as ASCII.
 */
export type MatchLevel = 'exact' | 'trailing-whitespace' | 'whitespace' | 'punctuation'

/** Where lines were found; `ambiguous` lists up to {@link maxListed} 0-based start indices. */
export type ContextMatch =
  | { readonly kind: 'found'; readonly index: number; readonly level: MatchLevel }
  | {
      readonly kind: 'ambiguous'
      readonly indices: readonly number[]
      readonly count: number
      readonly level: MatchLevel
    }
  | { readonly kind: 'missing' }

/** How a search is bounded. */
export interface SearchOptions {
  /** First 0-based line index a match may start at (the end of the previous hunk). */
  readonly from: number
  /** The lines must end the file (`*** End of File`). */
  readonly atEnd?: boolean
  /** Take the first match instead of requiring a unique one (after an `@@` anchor, which already places the hunk). */
  readonly first?: boolean
}

/** At most this many places are listed for an ambiguous match. */
export const maxListed = 5

const levels: ReadonlyArray<{ readonly level: MatchLevel; readonly key: (line: string) => string }> = [
  { level: 'exact', key: (line) => line },
  { level: 'trailing-whitespace', key: (line) => line.trimEnd() },
  { level: 'whitespace', key: (line) => line.trim() },
  { level: 'punctuation', key: (line) => normalizePunctuation(line).trim() },
]

const punctuation: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-'],
  [/[\u2018\u2019\u201A\u201B\u2032\uFF07]/g, "'"],
  [/[\u201C-\u201F\u2033\u00AB\u00BB\uFF02]/g, '"'],
  [/[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g, ' '],
  [/\u2026/g, '...'],
  [/[\u200B-\u200D\u2060\uFEFF]/g, ''],
]

/** Reads typographic quotes, dashes, ellipses and special spaces as their ASCII forms, in NFC. */
export function normalizePunctuation(text: string): string {
  let result = text.normalize('NFC')
  for (const [pattern, ascii] of punctuation) result = result.replace(pattern, ascii)
  return result
}

/**
 * Finds `needle` (one or more lines) in `lines` at or after `options.from`, at the strictest
 * level that matches anywhere. More than one place at that level is `ambiguous` unless
 * `options.first`; with `atEnd` the only place tried is the end of the file.
 */
export function findContext(lines: readonly string[], needle: readonly string[], options: SearchOptions): ContextMatch {
  const last = lines.length - needle.length
  if (needle.length === 0 || last < options.from) return { kind: 'missing' }
  for (const { level, key } of levels) {
    const keys = lines.map(key)
    const wanted = needle.map(key)
    const indices: number[] = []
    let count = 0
    for (let start = options.atEnd === true ? last : options.from; start <= last; start++) {
      if (!matchesAt(keys, wanted, start)) continue
      if (options.first === true) return { kind: 'found', index: start, level }
      count++
      if (indices.length < maxListed) indices.push(start)
    }
    const [only] = indices
    if (count === 1 && only !== undefined) return { kind: 'found', index: only, level }
    if (count > 1) return { kind: 'ambiguous', indices, count, level }
  }
  return { kind: 'missing' }
}

/**
 * Finds the line an `@@ <anchor>` header names, at or after `from`: like {@link findContext} for
 * one line, then, as a last resort, a unique line that contains the anchor (so `@@ def load` finds
 * `def load(path, *, strict=False):`).
 */
export function findAnchor(lines: readonly string[], anchor: string, from: number): ContextMatch {
  const match = findContext(lines, [anchor], { from })
  if (match.kind !== 'missing') return match
  const wanted = normalizePunctuation(anchor).trim()
  const indices: number[] = []
  for (let index = from; index < lines.length; index++) {
    if (normalizePunctuation(lines[index] ?? '').includes(wanted)) indices.push(index)
  }
  const [only] = indices
  if (indices.length === 1 && only !== undefined) return { kind: 'found', index: only, level: 'punctuation' }
  if (indices.length > 1)
    return { kind: 'ambiguous', indices: indices.slice(0, maxListed), count: indices.length, level: 'punctuation' }
  return { kind: 'missing' }
}

// Bounds the work of closestLines on very large files; beyond it no suggestion is made.
const maxComparisons = 4_000_000

/**
 * For an error message: the start index where the most lines of `needle` agree with the file
 * (ignoring surrounding whitespace), if at least one does.
 */
export function closestLines(lines: readonly string[], needle: readonly string[]): number | undefined {
  if (needle.length === 0 || lines.length * needle.length > maxComparisons) return undefined
  const keys = lines.map((line) => normalizePunctuation(line).trim())
  const wanted = needle.map((line) => normalizePunctuation(line).trim())
  let best: number | undefined
  let bestScore = 0
  for (let start = 0; start <= lines.length - 1; start++) {
    let score = 0
    for (let i = 0; i < wanted.length && start + i < keys.length; i++) {
      // Blank lines agree too easily to count.
      if (wanted[i] !== '' && keys[start + i] === wanted[i]) score++
    }
    if (score > bestScore) [best, bestScore] = [start, score]
  }
  return best
}

function matchesAt(keys: readonly string[], wanted: readonly string[], start: number): boolean {
  for (let i = 0; i < wanted.length; i++) if (keys[start + i] !== wanted[i]) return false
  return true
}

import type { SimpleCommandNode, WordNode } from 'just-bash'

/**
 * Shell words as permission rules see them: the text a word stands for once quotes are removed and
 * brace expansion is done, plus a pattern form in which unquoted `*` is a wildcard (used when the
 * word comes from a rule's specifier).
 */

type WordPart = WordNode['parts'][number]
type BraceItem = Extract<WordPart, { type: 'BraceExpansion' }>['items'][number]
type Assignment = SimpleCommandNode['assignments'][number]

/** An unquoted `*` in a rule's specifier: any run of characters within one word. */
export const WILDCARD: unique symbol = Symbol('wildcard')

/** Literal text or a wildcard. */
export type Segment = string | typeof WILDCARD

/**
 * Marks a `*`, `?` or `[` the shell takes literally (quoted, escaped) in {@link ShellWord.marked},
 * so that allow rules can tell a file named `*` from the pattern `*`. The mark itself is doubled.
 */
export const LITERAL_MARK = '\u{E000}'

/** `text` with every character taken literally: its `*`, `?`, `[` and marks marked. */
export const markLiteral = (text: string): string => text.replace(/[*?[\u{E000}]/gu, `${LITERAL_MARK}$&`)

const regexEscape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Rule text a quoted word holds: its `*`, `?` and `[` match only literal ones of the command. */
const quotedSource = (text: string): string => regexEscape(markLiteral(text))

/** Rule text written unquoted or escaped (`\*`): its `*`, `?` and `[` match the command's, literal or pattern. */
const plainSource = (text: string): string =>
  [...text]
    .map((char) =>
      char === LITERAL_MARK
        ? regexEscape(char + char)
        : /[*?[]/.test(char)
          ? `(?:${LITERAL_MARK})?${regexEscape(char)}`
          : regexEscape(char),
    )
    .join('')

/** One word after quote removal and brace expansion. */
export interface ShellWord {
  /** The text, with placeholders like `$x` or `$(…)` for what is only known when the command runs. */
  readonly text: string
  /** The same word with unquoted `*` as wildcards. */
  readonly pattern: readonly Segment[]
  /** The text with the `*`, `?` and `[` the shell takes literally marked ({@link LITERAL_MARK}); file name patterns stay bare. */
  readonly marked?: string
  /** As a rule's word: a regular expression source over {@link marked} texts (unquoted `*` any characters). */
  readonly ruleSource?: string
  /** What in the word is only known when the command runs (a variable, a substitution, a glob). */
  readonly dynamic?: string
  /** Why the word cannot be checked at all (e.g. a brace expansion too large to enumerate). */
  readonly opaque?: string
}

/** Brace expansion beyond this many words is not enumerated; the word cannot be checked. */
const MAX_EXPANSIONS = 256

interface Piece {
  readonly text: string
  readonly pattern: readonly Segment[]
  readonly dynamic?: string
  readonly marked: string
  readonly ruleSource: string
}

/**
 * Text the shell does not expand further. In the command, unquoted text keeps its `*`, `?` and `[`
 * bare (the shell may read them as a pattern); quoted or escaped text has them marked literal. In a
 * rule, quoted text matches only literal ones, unquoted or escaped text either.
 */
const literal = (text: string, how: 'unquoted' | 'escaped' | 'quoted'): Piece => ({
  text,
  pattern: text === '' ? [] : [text],
  marked: how === 'unquoted' ? text.replace(/\u{E000}/gu, `${LITERAL_MARK}$&`) : markLiteral(text),
  ruleSource: how === 'quoted' ? quotedSource(text) : plainSource(text),
})
const runtime = (text: string, dynamic: string): Piece => ({
  text,
  pattern: [text],
  dynamic,
  marked: markLiteral(text),
  ruleSource: quotedSource(text),
})

/** Expands a word into the words it stands for (several only with brace expansion). */
export function expandWord(word: WordNode): readonly ShellWord[] {
  const alternatives = expandParts(word.parts)
  if (alternatives === undefined) {
    return [
      {
        text: '{…}',
        pattern: ['{…}'],
        marked: '{…}',
        ruleSource: quotedSource('{…}'),
        opaque: 'a brace expansion is too large to check',
      },
    ]
  }
  return alternatives
}

/** Text of a word when only one word is wanted (brace alternatives joined by spaces). */
export function wordText(word: WordNode): ShellWord {
  const words = expandWord(word)
  if (words.length === 1 && words[0] !== undefined) return words[0]
  const text = words.map((item) => item.text).join(' ')
  const opaque = words.find((item) => item.opaque !== undefined)?.opaque
  return opaque === undefined
    ? { text, pattern: [text], dynamic: 'a brace expansion' }
    : { text, pattern: [text], opaque }
}

/** `NAME=value` (or `NAME+=value`, `NAME=(…)`) as one word. */
export function assignmentWord(assignment: Assignment): ShellWord {
  const head = `${assignment.name}${assignment.append ? '+=' : '='}`
  if (assignment.array !== null) return { text: `${head}(…)`, pattern: [`${head}(…)`], dynamic: 'an array assignment' }
  if (assignment.value === null) return { text: head, pattern: [head] }
  const value = wordText(assignment.value)
  // Assignment values are never file name patterns: their text is all literal.
  return {
    ...value,
    text: head + value.text,
    pattern: [head, ...value.pattern],
    marked: markLiteral(head + value.text),
    ruleSource: plainSource(head) + (value.ruleSource ?? plainSource(value.text)),
  }
}

function expandParts(parts: readonly WordPart[], quoted = false): Piece[] | undefined {
  let results: Piece[] = [{ text: '', pattern: [], marked: '', ruleSource: '' }]
  for (const part of parts) {
    const options = partPieces(part, quoted)
    if (options === undefined || results.length * options.length > MAX_EXPANSIONS) return undefined
    results = results.flatMap((left) => options.map((right) => join(left, right)))
  }
  return results
}

function join(left: Piece, right: Piece): Piece {
  const dynamic = left.dynamic ?? right.dynamic
  const piece = {
    text: left.text + right.text,
    pattern: [...left.pattern, ...right.pattern],
    marked: left.marked + right.marked,
    ruleSource: left.ruleSource + right.ruleSource,
  }
  return dynamic === undefined ? piece : { ...piece, dynamic }
}

function partPieces(part: WordPart, quoted: boolean): Piece[] | undefined {
  switch (part.type) {
    case 'Literal':
      return [literal(part.value, quoted ? 'quoted' : 'unquoted')]
    case 'Escaped':
      return [literal(part.value, quoted ? 'quoted' : 'escaped')]
    case 'SingleQuoted':
      return [literal(part.value, 'quoted')]
    case 'DoubleQuoted':
      // Inside double quotes there is no brace expansion and no globbing, so one piece results.
      return expandParts(part.parts, true)
    case 'Glob':
      return [globPiece(part.pattern)]
    case 'ParameterExpansion':
      return [runtime(part.operation === null ? `$${part.parameter}` : `\${${part.parameter}…}`, 'a variable')]
    case 'CommandSubstitution':
      return [runtime(part.legacy ? '`…`' : '$(…)', 'a command substitution')]
    case 'ArithmeticExpansion':
      return [runtime('$((…))', 'an arithmetic expansion')]
    case 'ProcessSubstitution':
      return [runtime(part.direction === 'input' ? '<(…)' : '>(…)', 'a process substitution')]
    case 'TildeExpansion':
      return [runtime(`~${part.user ?? ''}`, 'the home directory')]
    case 'BraceExpansion':
      return braceAlternatives(part.items)
  }
}

function globPiece(pattern: string): Piece {
  const segments: Segment[] = []
  pattern.split('*').forEach((chunk, index) => {
    if (index > 0) segments.push(WILDCARD)
    if (chunk !== '') segments.push(chunk)
  })
  const marked = pattern.replace(/\u{E000}/gu, `${LITERAL_MARK}$&`)
  const ruleSource = pattern.split('*').map(plainSource).join('[\\s\\S]*')
  return { text: pattern, pattern: segments, dynamic: 'a file name pattern', marked, ruleSource }
}

function braceAlternatives(items: readonly BraceItem[]): Piece[] | undefined {
  const pieces: Piece[] = []
  for (const item of items) {
    const expanded =
      item.type === 'Word'
        ? expandParts(item.word.parts)
        : rangeValues(item)?.map((value) => literal(value, 'unquoted'))
    if (expanded === undefined) return undefined
    pieces.push(...expanded)
    if (pieces.length > MAX_EXPANSIONS) return undefined
  }
  return pieces
}

function rangeValues(range: Extract<BraceItem, { type: 'Range' }>): string[] | undefined {
  const step = Math.abs(range.step ?? 1) || 1
  if (typeof range.start === 'number' && typeof range.end === 'number') {
    const width = [range.startStr, range.endStr].some((text) => text !== undefined && /^-?0\d/.test(text))
      ? Math.max(range.startStr?.length ?? 0, range.endStr?.length ?? 0)
      : 0
    return steps(range.start, range.end, step)?.map((value) => String(value).padStart(width, '0'))
  }
  const start = String(range.start)
  const end = String(range.end)
  if (start.length !== 1 || end.length !== 1) return [`{${start}..${end}}`]
  return steps(start.charCodeAt(0), end.charCodeAt(0), step)?.map((code) => String.fromCharCode(code))
}

function steps(start: number, end: number, step: number): number[] | undefined {
  if (Math.abs(end - start) / step >= MAX_EXPANSIONS) return undefined
  const values: number[] = []
  const direction = end >= start ? 1 : -1
  for (let value = start; direction > 0 ? value <= end : value >= end; value += direction * step) values.push(value)
  return values
}

/** A word as a person would type it: quoted when it holds spaces or shell syntax, control characters made visible. */
export function displayWord(text: string): string {
  const visible = visibleText(text)
  if (visible !== '' && /^[\w@%+=:,./~$…(){}*-]+$/.test(visible)) return visible
  return `'${visible.replace(/'/g, `'\\''`)}'`
}

/** Words joined for display. */
export function displayWords(texts: readonly string[]): string {
  return texts.map(displayWord).join(' ')
}

/** `text` with control, bidi and zero-width characters written as escapes, so that a trace shows what is there. */
export function visibleText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, (char) => {
    const code = char.charCodeAt(0)
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
  })
}

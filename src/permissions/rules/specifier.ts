import { parse } from 'just-bash'
import type { ShellPart } from './match-command.js'
import type { MatchPurpose } from './permission-part.js'
import { redirectWrites } from './shell-redirects.js'
import { assignmentWord, expandWord, markLiteral, WILDCARD, type Segment, type ShellWord } from './shell-words.js'
import { commandBasename, isHarmlessAssignment } from './shell-wrappers.js'

/**
 * Command specifiers, the text inside `builtin:workspace.shell(…)`, matched word by word:
 *
 * - `git status` matches exactly `git status`: same words, nothing more.
 * - A standalone `*` matches any number of words, none included: `git log *` matches `git log` and
 *   `git log --oneline` but not `git logout`. `git log:*` is the same as `git log *`.
 * - `*` inside a word matches any characters within that word: `npm run test*`, `--out=*`.
 * - `*` alone matches any command.
 * - Quotes work as in the shell: `"a b"` is one word, `'*'` is not a wildcard. In allow rules a
 *   quoted `'*'` (or `?`, `[`) matches only one the command quotes or escapes too (a file named
 *   `*`), never the file name pattern `*`; an escaped `\*` matches the command's `*` either way
 *   (the pattern `build/*` exactly, and a file of that name). "Allow always" writes rules this way:
 *   `rm -f build/\*` for `rm -f build/*`, `rm -f '*'` for `rm -f '*'`. Deny and ask rules compare
 *   the text only, so `'*'` there also covers the pattern.
 * - A specifier with an output redirection (`echo * > notes.txt`) is the only kind that allows a
 *   command writing a file; see `shell-redirects.ts`.
 * - Options that make a program write files or run scripts (`sed -i`, `sort -o`, `npm run build`)
 *   must be named by a word of the rule: `sed *` does not allow `sed -i …`, `sed -i *` does; see
 *   `shell-programs.ts`.
 * - `!` and `time` are peeled off commands before matching, so `! *` and `time *` allow nothing;
 *   as deny or ask rules they match the command after them.
 */

/** `regex` reads a command's words as text (deny and ask rules); `allowRegex` reads them marked, telling literal `*`, `?`, `[` from patterns. */
type WordPattern =
  { readonly kind: 'rest' } | { readonly kind: 'word'; readonly regex: RegExp; readonly allowRegex: RegExp }

/** A compiled command specifier. */
export interface CommandPattern {
  /** The specifier is `*`: every command. */
  readonly any: boolean
  /** Assignments, command name and arguments. */
  readonly words: readonly WordPattern[]
  /** Output redirections, when the specifier has any. */
  readonly writes: readonly WordPattern[]
  /**
   * Written under `!` or `time`, which are peeled off commands before matching: such a rule only
   * restricts (deny, ask) the command after them, and allows nothing, so `! *` never allows all.
   */
  readonly wrapped?: boolean
}

const cache = new Map<string, CommandPattern | { readonly problem: string }>()

/** Compiles a command specifier, or says why it is not one. */
export function compileCommandSpecifier(specifier: string): CommandPattern | { readonly problem: string } {
  let compiled = cache.get(specifier)
  if (compiled === undefined) {
    compiled = compile(specifier)
    if (cache.size >= 1_000) cache.clear()
    cache.set(specifier, compiled)
  }
  return compiled
}

function compile(specifier: string): CommandPattern | { readonly problem: string } {
  const text = specifier.trim().replace(/:\*$/, ' *')
  if (text === '*') return { any: true, words: [], writes: [] }
  let statements
  try {
    statements = parse(text).statements
  } catch (error) {
    return { problem: `is not valid shell syntax (${error instanceof Error ? error.message : String(error)})` }
  }
  const command = statements.length === 1 ? statements[0]?.pipelines : undefined
  const simple = command?.length === 1 && command[0]?.commands.length === 1 ? command[0].commands[0] : undefined
  if (simple?.type !== 'SimpleCommand' || statements[0]?.background === true) {
    return { problem: 'must be a single simple command; write one rule per command' }
  }
  const words = [
    ...simple.assignments.map(assignmentWord),
    ...[simple.name, ...simple.args].flatMap((word) => (word === null ? [] : expandWord(word))),
  ]
  const writes = redirectWrites(simple.redirections).flatMap((write) => write.words)
  const wrapped = command?.[0]?.negated === true || command?.[0]?.timed === true
  return { any: false, words: words.map(wordPattern), writes: writes.map(wordPattern), ...(wrapped ? { wrapped } : {}) }
}

function wordPattern(word: ShellWord): WordPattern {
  if (word.pattern.length > 0 && word.pattern.every((segment) => segment === WILDCARD)) return { kind: 'rest' }
  const body = word.pattern
    .map((segment: Segment) => (segment === WILDCARD ? '[\\s\\S]*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  const regex = new RegExp(`^${body}$`, 'u')
  return {
    kind: 'word',
    regex,
    allowRegex: word.ruleSource === undefined ? regex : new RegExp(`^${word.ruleSource}$`, 'u'),
  }
}

/**
 * True when the word patterns consume exactly `words`. The words at the `literal` indexes must be
 * matched by a word of the rule (`-i`, `test*`), not taken by a standalone `*`: an allow rule names them.
 */
function matchWords(
  patterns: readonly WordPattern[],
  words: readonly string[],
  literal: ReadonlySet<number> = new Set(),
  marked = false,
): boolean {
  // reachable[j]: the patterns so far can consume exactly the first j words.
  let reachable = words.map(() => false).concat(false)
  reachable[0] = true
  for (const pattern of patterns) {
    const next = reachable.map(() => false)
    let seen = false
    for (let index = 0; index <= words.length; index += 1) {
      if (pattern.kind === 'rest') {
        // A run of words taken by `*` may not pass over a word that must be spelled out.
        seen = reachable[index] === true || (seen && !literal.has(index - 1))
        next[index] = seen
      } else if (
        reachable[index] === true &&
        index < words.length &&
        (marked ? pattern.allowRegex : pattern.regex).test(words[index] ?? '')
      ) {
        next[index + 1] = true
      }
    }
    reachable = next
  }
  return reachable[words.length] === true
}

/** Stands for the arguments `xargs` adds; only a wildcard matches it (a NUL never reaches here). */
const UNKNOWN_ARGUMENTS = '\0arguments'

/**
 * True when `specifier` covers `part`. For `allow`, the command must match as it runs (wrappers
 * peeled off) with its assignments (except harmless ones like `NODE_ENV`) and its writes. For
 * `restrict`, any reading matches: with or without wrappers, assignments or a directory in the name,
 * and with the name in lower case (case-insensitive file systems run `RM` as `rm`).
 */
export function commandSpecifierMatches(specifier: string, part: ShellPart, purpose: MatchPurpose): boolean {
  const pattern = compileCommandSpecifier(specifier)
  if ('problem' in pattern) return false
  if (pattern.any) return true
  if (purpose === 'restrict') {
    const writes = part.writes.flatMap((write) => write.words.map((word) => word.text))
    const matchesAll = (words: readonly string[]): boolean =>
      pattern.writes.length === 0
        ? matchWords(pattern.words, words)
        : matchWords([...pattern.words, ...pattern.writes], [...words, ...writes])
    return restrictForms(part).some(matchesAll)
  }
  // Allow rules read the words marked: a quoted `'*'` in the rule is a file named `*`, never the pattern `*`.
  const writes = part.writes.flatMap((write) => write.words.map((word) => word.marked ?? markLiteral(word.text)))
  if (pattern.wrapped === true || writes.length > 0 !== pattern.writes.length > 0) return false
  const assignments = (
    part.words.length === 0 ? part.assignments : part.assignments.filter((text) => !isHarmlessAssignment(text))
  ).map(markLiteral)
  const words = [...assignments, ...(part.markedWords ?? part.words.map(markLiteral))]
  const literal = new Set(part.literal.map((index) => index + assignments.length))
  const full = (all: readonly string[]): boolean =>
    pattern.writes.length === 0
      ? matchWords(pattern.words, all, literal, true)
      : matchWords([...pattern.words, ...pattern.writes], [...all, ...writes], literal, true)
  return full(words) && (!part.openArgs || full([...words, UNKNOWN_ARGUMENTS]))
}

function restrictForms(part: ShellPart): (readonly string[])[] {
  const [name = '', ...args] = part.words
  const plainName = commandBasename(name).toLowerCase()
  return [
    part.words,
    [plainName, ...args],
    [...part.assignments, ...part.words],
    part.outerWords,
    [...part.assignments, ...part.outerWords],
    ...part.restrictForms,
  ]
}

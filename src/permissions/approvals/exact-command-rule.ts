import { analyseCommand, type ShellPart } from '../rules/match-command.js'
import { LITERAL_MARK, markLiteral } from '../rules/shell-words.js'
import { isHarmlessAssignment } from '../rules/shell-wrappers.js'

/**
 * The command specifiers that name exactly the simple commands of a command line, for "allow
 * always". Every word is written so that the rule reads it literally: quoted when it holds anything
 * but plain characters, so a `*`, `?`, `[`, `{`, `~`, `$`, `!`, space or quote in the call is a
 * character of the rule, never a wildcard or syntax; control characters in `$'…'`. A file name
 * pattern's `*`, `?` and `[` are escaped (`build/\*`), which matches that pattern (and a file named
 * so); a quoted one stays quoted (`'*'`), which matches the file named `*` alone. A compound
 * command (`a && b`, `a | b`, `$(…)`) gets one specifier per simple command it runs, each matching
 * that command alone. Wrappers (`timeout`, `env`) are peeled off as the allow matcher peels them.
 * Parts that cannot be checked get none: they ask whatever the rules say. Neither do the commands
 * after a change of directory (`cd build && rm -f *`): a rule for one would allow it in every
 * directory, so they ask again.
 */
export function exactCommandSpecifiers(command: string): string[] {
  const analysis = analyseCommand(command)
  if (!analysis.ok) return []
  const moved = analysis.parts.findIndex((part) => directoryChangers.has(part.words[0] ?? ''))
  const named = moved < 0 ? analysis.parts : analysis.parts.slice(0, moved + 1)
  const specifiers = named.flatMap((part) => exactPartSpecifier(part) ?? [])
  return [...new Set(specifiers)]
}

/** Commands that change the directory the commands after them run in. */
const directoryChangers = new Set(['cd', 'pushd', 'popd'])

/** The specifier that matches exactly `part`, or `undefined` when no rule can allow it. */
export function exactPartSpecifier(part: ShellPart): string | undefined {
  if (part.container || part.opaque !== undefined) return undefined
  const assignments =
    part.words.length === 0 ? part.assignments : part.assignments.filter((text) => !isHarmlessAssignment(text))
  const words = [
    ...assignments.map(quoteAssignment),
    ...(part.markedWords ?? part.words.map(markLiteral)).map(quoteMarked),
  ]
  const writes = part.writes.map((write) =>
    write.words
      .map((word, index) => (index === 0 ? word.text : quoteMarked(word.marked ?? markLiteral(word.text))))
      .join(' '),
  )
  const specifier = [...words, ...writes].join(' ')
  return specifier === '' ? undefined : specifier
}

/** `NAME=value` with the value quoted; anything else as one quoted word. */
function quoteAssignment(text: string): string {
  const head = /^[A-Za-z_][A-Za-z0-9_]*\+?=/.exec(text)?.[0]
  return head === undefined ? quoteWord(text) : `${head}${quoteWord(text.slice(head.length))}`
}

/** A marked word (see `ShellWord.marked`) as rule text: pattern characters escaped, literal runs quoted. */
function quoteMarked(marked: string): string {
  let out = ''
  let run = ''
  const chars = [...marked]
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] ?? ''
    if (char === LITERAL_MARK) {
      index += 1
      run += chars[index] ?? ''
    } else if (/[*?[]/.test(char)) {
      out += (run === '' ? '' : quoteRun(run)) + `\\${char}`
      run = ''
    } else {
      run += char
    }
  }
  return out === '' || run !== '' ? out + quoteRun(run) : out
}

/** Literal text as rule text; `*`, `?` and `[` in single quotes of their own, since `$'…'` would not keep them literal. */
function quoteRun(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f\u007f]/.test(text)) return quoteWord(text)
  return text
    .split(/([*?[]+)/)
    .filter((piece) => piece !== '')
    .map((piece) => (/^[*?[]+$/.test(piece) ? `'${piece}'` : quoteWord(piece)))
    .join('')
}

/** Characters that mean nothing to the shell or to the rule matcher anywhere in a word. */
const plain = /^[A-Za-z0-9_@%+,./:-]+$/

/** A word the shell and the rule matcher read as exactly `text`. */
export function quoteWord(text: string): string {
  if (plain.test(text)) return text
  // eslint-disable-next-line no-control-regex
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`
  // ANSI-C quoting keeps control characters (a line break) visible and on one line.
  const escaped = text
    .replace(/[\\']/g, '\\$&')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
  return `$'${escaped}'`
}

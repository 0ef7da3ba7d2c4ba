import type { SimpleCommandNode } from 'just-bash'
import { wordText, type ShellWord } from './shell-words.js'

/**
 * Redirections as permission rules see them. Output redirections to files are writes: a command
 * with one is matched by an allow rule only when the rule itself has a redirection, so that a
 * read-only-looking rule like `cat *` never allows `cat a > b`. Reading (`<`, here-documents) and
 * descriptor copies (`2>&1`) change nothing and are ignored; so are writes to `/dev/null`, `/dev/stdout`
 * and `/dev/stderr`.
 */

type Redirection = SimpleCommandNode['redirections'][number]

/** An output redirection to a file. */
export interface RedirectWrite {
  /** The target as written, e.g. `out.txt` or `/dev/sda`. */
  readonly target: string
  /** The operator and target as words, e.g. `>` and `out.txt`, or `2>>` and `log`. */
  readonly words: readonly ShellWord[]
}

const writeOperators = new Set(['>', '>>', '>|', '&>', '&>>', '<>', '>&'])

/**
 * Targets that swallow output or pass it on unchanged; writing to them changes nothing.
 * `/dev/tty` and `/dev/fd/N` are writes: what they reach depends on how the command was started
 * and on descriptors opened earlier (`exec 3>file`).
 */
const harmlessTargets = new Set(['/dev/null', '/dev/stdout', '/dev/stderr'])

/** The write a redirection makes, or `undefined` when it reads, copies a descriptor or discards output. */
export function redirectWrite(redirection: Redirection): RedirectWrite | undefined {
  if (!writeOperators.has(redirection.operator) || redirection.target.type === 'HereDoc') return undefined
  const target = wordText(redirection.target)
  // `>&2` and `2>&-` copy or close descriptors; `>& file` (a word) writes to a file.
  if (redirection.operator === '>&' && /^(\d+|-)$/.test(target.text)) return undefined
  if (harmlessTargets.has(target.text)) return undefined
  const operator = `${redirection.fd ?? ''}${redirection.operator}`
  return { target: target.text, words: [{ text: operator, pattern: [operator] }, target] }
}

/** The writes among `redirections`. */
export function redirectWrites(redirections: readonly Redirection[]): RedirectWrite[] {
  return redirections.flatMap((redirection) => redirectWrite(redirection) ?? [])
}

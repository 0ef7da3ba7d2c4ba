import { commandBasename } from './shell-wrappers.js'
import type { ShellWord } from './shell-words.js'

/**
 * Commands hidden inside other commands' arguments: the script of `bash -c '…'` and `eval …`, and
 * the commands `find -exec … ;` runs.
 */

/** Shells whose `-c` argument is a script. */
export const shells: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'busybox',
])

/** Shell options followed by a value. */
const shellValuedOptions = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file'])

/** What a command runs as a script, if it does. */
export type InnerScript =
  | {
      readonly kind: 'script'
      readonly text: string
      readonly via: string
      /** The command itself needs allowing too (`ssh host cmd` reaches another machine), not only its script. */
      readonly alsoAllowed?: boolean
    }
  | { readonly kind: 'opaque'; readonly reason: string }
  | { readonly kind: 'none' }

/** The script `bash -c '…'`, `sh -c '…'`, `su -c '…'`, `trap '…' SIG`, `watch …`, `ssh host …` or `eval …` runs; `none` for other commands. */
export function innerScriptOf(words: readonly ShellWord[]): InnerScript {
  const name = commandBasename(words[0]?.text ?? '')
  if (name === 'eval') {
    // eval skips one leading `--`, as getopt-style builtins do.
    const args = words[1]?.text === '--' ? words.slice(2) : words.slice(1)
    if (args.length === 0) return { kind: 'none' }
    const dynamic = args.find((word) => word.dynamic !== undefined)
    if (dynamic !== undefined)
      return { kind: 'opaque', reason: `eval runs text that is only known when it runs (${dynamic.dynamic ?? ''})` }
    return { kind: 'script', text: args.map((word) => word.text).join(' '), via: 'eval' }
  }
  if (name === 'su') return suScript(words.slice(1))
  if (name === 'trap') return trapScript(words.slice(1))
  if (name === 'watch') return joinedScript('watch', words.slice(1), watchOptions)
  if (name === 'ssh') return joinedScript('ssh', words.slice(1), sshOptions)
  if (!shells.has(name)) return { kind: 'none' }
  // `busybox sh -c …`: the applet is the shell.
  const args = name === 'busybox' ? (shells.has(words[1]?.text ?? '') ? words.slice(2) : undefined) : words.slice(1)
  if (args === undefined) return { kind: 'none' }
  let readsScript = false
  let readsInput = false
  let index = 0
  for (; index < args.length; index += 1) {
    const text = args[index]?.text ?? ''
    if (text === '--' || text === '-') {
      index += 1
      break
    }
    if (!/^[-+]/.test(text)) break
    if (shellValuedOptions.has(text)) index += 1
    else if (!text.startsWith('--')) {
      readsScript ||= text.slice(1).includes('c')
      readsInput ||= /[si]/.test(text.slice(1))
    }
  }
  const first = args[index]
  if (readsScript) {
    if (first === undefined) return { kind: 'opaque', reason: `${name} -c is given no script` }
    if (first.dynamic !== undefined)
      return { kind: 'opaque', reason: `${name} -c runs a script that is only known when it runs (${first.dynamic})` }
    return { kind: 'script', text: first.text, via: `${name} -c` }
  }
  // Without a script file the shell reads its commands from standard input, which cannot be checked.
  if (first === undefined || readsInput)
    return { kind: 'opaque', reason: `${name} reads commands from standard input, which cannot be checked` }
  return { kind: 'none' }
}

/** Options of programs that run their remaining words as a script: valued, flags, and those that make the call uncheckable. */
interface JoinedOptions {
  readonly valued: readonly string[]
  readonly flags: readonly string[]
  /** Operands before the script (ssh's host). */
  readonly operands: number
  /** The script is empty: the program reads commands from its input (an ssh login shell). */
  readonly emptyReadsInput: boolean
}

const watchOptions: JoinedOptions = {
  valued: ['-n', '--interval', '-q', '--equexit'],
  flags: [
    '-b',
    '--beep',
    '-c',
    '--color',
    '-C',
    '--no-color',
    '-d',
    '--differences',
    '-e',
    '--errexit',
    '-g',
    '--chgexit',
    '-p',
    '--precise',
    '-r',
    '--no-rerun',
    '-t',
    '--no-title',
    '-w',
    '--no-wrap',
  ],
  operands: 0,
  emptyReadsInput: false,
}

const sshOptions: JoinedOptions = {
  valued: [
    '-B',
    '-b',
    '-c',
    '-D',
    '-E',
    '-e',
    '-I',
    '-i',
    '-J',
    '-L',
    '-l',
    '-m',
    '-O',
    '-p',
    '-Q',
    '-R',
    '-S',
    '-W',
    '-w',
  ],
  flags: [
    '-4',
    '-6',
    '-A',
    '-a',
    '-C',
    '-f',
    '-G',
    '-g',
    '-K',
    '-k',
    '-M',
    '-N',
    '-n',
    '-q',
    '-s',
    '-T',
    '-t',
    '-V',
    '-v',
    '-X',
    '-x',
    '-Y',
    '-y',
  ],
  operands: 1,
  emptyReadsInput: true,
}

/**
 * `watch 'cmd'` and `ssh host cmd` join their remaining words with spaces and hand them to a shell.
 * Options not listed (`watch -x`, `ssh -o ProxyCommand=…`, `ssh -F file`) make the call uncheckable.
 */
function joinedScript(name: string, args: readonly ShellWord[], options: JoinedOptions): InnerScript {
  let index = 0
  for (; index < args.length; index += 1) {
    const text = args[index]?.text ?? ''
    if (text === '--') {
      index += 1
      break
    }
    if (!text.startsWith('-')) break
    if (args[index]?.dynamic !== undefined)
      return { kind: 'opaque', reason: `the ${name} option ${text} is only known when it runs` }
    if (options.valued.includes(text)) index += 1
    else if (
      !options.flags.includes(text) &&
      !options.valued.some((option) => text.startsWith(option) && !option.startsWith('--'))
    ) {
      return { kind: 'opaque', reason: `${name} is given the option ${text}, which the permission check does not know` }
    }
  }
  const script = args.slice(index + options.operands)
  if (script.length === 0) {
    return options.emptyReadsInput
      ? { kind: 'opaque', reason: `${name} reads commands from standard input, which cannot be checked` }
      : { kind: 'none' }
  }
  const dynamic = script.find((word) => word.dynamic !== undefined)
  if (dynamic !== undefined)
    return {
      kind: 'opaque',
      reason: `${name} runs a script that is only known when it runs (${dynamic.dynamic ?? ''})`,
    }
  return {
    kind: 'script',
    text: script.map((word) => word.text).join(' '),
    via: name,
    ...(options.operands > 0 ? { alsoAllowed: true } : {}),
  }
}

/** `trap '…' EXIT` runs its first argument as a script when the signal comes. */
function trapScript(args: readonly ShellWord[]): InnerScript {
  const first = args[0]?.text === '--' ? args[1] : args[0]
  if (first === undefined || args.length < 2 || /^-[lp]?$/.test(first.text) || first.text === '')
    return { kind: 'none' }
  if (first.dynamic !== undefined)
    return { kind: 'opaque', reason: `trap runs a script that is only known when it runs (${first.dynamic})` }
  return { kind: 'script', text: first.text, via: 'trap' }
}

/** `su [user] -c '…'` runs its script through the user's shell. */
function suScript(args: readonly ShellWord[]): InnerScript {
  const index = args.findIndex(
    (word) => word.text === '-c' || word.text === '--command' || word.text.startsWith('--command='),
  )
  if (index === -1) return { kind: 'none' }
  const flag = args[index]
  const script =
    flag?.text.startsWith('--command=') === true
      ? { ...flag, text: flag.text.slice('--command='.length) }
      : args[index + 1]
  if (script === undefined) return { kind: 'opaque', reason: 'su -c is given no script' }
  if (script.dynamic !== undefined)
    return { kind: 'opaque', reason: `su -c runs a script that is only known when it runs (${script.dynamic})` }
  return { kind: 'script', text: script.text, via: 'su -c' }
}

/** The commands `find … -exec cmd {} ;` (also `-execdir`, `-ok`, `-okdir`) runs, or why they cannot be read. */
export function findExecCommands(
  words: readonly ShellWord[],
): readonly (readonly ShellWord[])[] | { readonly opaque: string } {
  if (commandBasename(words[0]?.text ?? '') !== 'find') return []
  const commands: ShellWord[][] = []
  for (let index = 1; index < words.length; index += 1) {
    const action = words[index]?.text ?? ''
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(action)) continue
    const end = words.findIndex((word, at) => at > index && (word.text === ';' || word.text === '+'))
    if (end === -1) return { opaque: `find ${action} is not ended by ";" or "+"` }
    const command = words.slice(index + 1, end)
    if (command.length === 0) return { opaque: `find ${action} names no command` }
    commands.push(command)
    index = end
  }
  return commands
}

import type { ShellWord } from './shell-words.js'

/**
 * Wrappers: commands that run another command (`timeout 5 make`, `env A=1 make`, `xargs rm`).
 * Rules and the dangerous-command list look at the command that finally runs, so `timeout 5 rm -rf /`
 * is judged as `rm -rf /`.
 */

interface WrapperSpec {
  /** Options followed by a value (`-n 5`, also written `-n5` or `--adjustment=5`). */
  readonly valued: readonly string[]
  /** Options without a value. */
  readonly flags: readonly string[]
  /** Words between the options and the command, like timeout's duration. */
  readonly positional?: number
  /** `nice -10`: a dash and a number. */
  readonly numericOption?: boolean
  /** `env A=1 cmd`: assignments before the command. */
  readonly assignments?: boolean
  /** Options that make the wrapper read a command from text (`env -S '…'`): the call cannot be checked. */
  readonly opaqueOptions?: readonly string[]
  /** `xargs` appends arguments that are only known when it runs. */
  readonly openArgs?: boolean
  /** The command run when none is named (`xargs` runs `echo`). */
  readonly defaultCommand?: string
  /** Options that make the wrapper only look the command up (`command -v rm`): nothing is peeled. */
  readonly queryOptions?: readonly string[]
}

/** Wrappers by command name. Unknown options make the call uncheckable rather than guessed at. */
const wrappers: Readonly<Record<string, WrapperSpec>> = {
  timeout: {
    valued: ['-s', '--signal', '-k', '--kill-after'],
    flags: ['--preserve-status', '--foreground', '-v', '--verbose'],
    positional: 1,
  },
  nice: { valued: ['-n', '--adjustment'], flags: [], numericOption: true },
  nohup: { valued: [], flags: [] },
  env: {
    valued: ['-u', '--unset', '-C', '--chdir'],
    flags: ['-i', '--ignore-environment', '-', '-0', '--null', '-v', '--debug'],
    assignments: true,
    opaqueOptions: ['-S', '--split-string'],
  },
  // GNU time's `-o file` writes a file; it is left unknown, so such calls need approval.
  time: { valued: ['-f', '--format'], flags: ['-p', '-v', '--verbose', '--portability'] },
  command: { valued: [], flags: ['-p'], queryOptions: ['-v', '-V'] },
  builtin: { valued: [], flags: [] },
  exec: { valued: ['-a'], flags: ['-c', '-l', '-cl', '-lc'] },
  stdbuf: { valued: ['-i', '--input', '-o', '--output', '-e', '--error'], flags: [] },
  ionice: { valued: ['-c', '--class', '-n', '--classdata'], flags: ['-t', '--ignore'] },
  setsid: { valued: [], flags: ['-c', '--ctty', '-f', '--fork', '-w', '--wait'] },
  caffeinate: { valued: ['-t'], flags: ['-d', '-i', '-m', '-s', '-u'] },
  sudo: {
    valued: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-p',
      '--prompt',
      '-C',
      '--close-from',
      '-D',
      '--chdir',
      '-h',
      '--host',
      '-r',
      '--role',
      '-t',
      '--type',
      '-U',
      '--other-user',
      '-T',
      '--command-timeout',
    ],
    flags: [
      '-E',
      '--preserve-env',
      '-H',
      '--set-home',
      '-n',
      '--non-interactive',
      '-k',
      '--reset-timestamp',
      '-S',
      '--stdin',
      '-b',
      '--background',
      '-i',
      '--login',
      '-s',
      '--shell',
      '-P',
      '--preserve-groups',
      '-A',
      '--askpass',
      '-B',
      '--bell',
    ],
    assignments: true,
  },
  doas: { valued: ['-u', '-C'], flags: ['-n', '-s', '-L'] },
  xargs: {
    // `-i`, `-l`, `-e` and their long forms take their value only when attached (`-i{}`, `--replace=X`).
    valued: [
      '-I',
      '-n',
      '-P',
      '-d',
      '-E',
      '-L',
      '-s',
      '-a',
      '--arg-file',
      '--delimiter',
      '--max-args',
      '--max-procs',
      '--max-chars',
      '--process-slot-var',
      '-i',
      '-l',
      '-e',
      '--replace',
      '--max-lines',
      '--eof',
    ],
    flags: [
      '-0',
      '--null',
      '-r',
      '--no-run-if-empty',
      '-t',
      '--verbose',
      '-p',
      '--interactive',
      '-x',
      '--exit',
      '-o',
      '--open-tty',
      '-i',
      '-l',
      '-e',
      '--replace',
      '--max-lines',
      '--eof',
    ],
    openArgs: true,
    defaultCommand: 'echo',
  },
}

/** Environment variables that cannot change what a command does beyond output details; rules ignore them. */
const harmlessVariables = new Set([
  'CI',
  'NODE_ENV',
  'NO_COLOR',
  'FORCE_COLOR',
  'TERM',
  'COLUMNS',
  'LINES',
  'TZ',
  'LANG',
  'LANGUAGE',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
  'GOOS',
  'GOARCH',
  'CGO_ENABLED',
])

/** True for `NAME=value` words whose variable rules may ignore (locale and output settings). */
export function isHarmlessAssignment(text: string): boolean {
  const name = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(text)?.[1]
  return name !== undefined && (harmlessVariables.has(name) || name.startsWith('LC_'))
}

/** The command a simple command finally runs. */
export interface UnwrappedCommand {
  /** Name and arguments of the command that runs; empty when a wrapper names none. */
  readonly words: readonly ShellWord[]
  /** Assignments a wrapper sets (`env A=1`, `sudo A=1`). */
  readonly assignments: readonly string[]
  /** Names of the wrappers peeled off, outermost first (the dangerous-command list looks for `sudo`). */
  readonly wrappers: readonly string[]
  /** Why the command cannot be checked, if it cannot. */
  readonly opaque?: string
  /** True when the command receives extra arguments at run time (`xargs`). */
  readonly openArgs: boolean
}

/** The last path segment of a command name: `/usr/bin/env` → `env`. */
export function commandBasename(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1)
}

/** Peels wrappers off `words` (a command's name and arguments), repeatedly: `sudo timeout 5 env A=1 rm`. */
export function unwrapCommand(words: readonly ShellWord[]): UnwrappedCommand {
  let current = words
  const assignments: string[] = []
  const names: string[] = []
  let openArgs = false
  for (let round = 0; round < 32; round += 1) {
    const head = current[0]
    const spec = head === undefined || head.dynamic !== undefined ? undefined : wrappers[commandBasename(head.text)]
    if (head === undefined || spec === undefined) return { words: current, assignments, wrappers: names, openArgs }
    const name = commandBasename(head.text)
    const peeled = peel(name, spec, current)
    if ('opaque' in peeled) return { words: current, assignments, wrappers: names, openArgs, opaque: peeled.opaque }
    if (peeled.rest.length === 0 && spec.defaultCommand === undefined) {
      return { words: current, assignments, wrappers: names, openArgs }
    }
    names.push(name)
    assignments.push(...peeled.assignments)
    openArgs ||= spec.openArgs === true
    current =
      peeled.rest.length > 0 ? peeled.rest : [{ text: spec.defaultCommand ?? '', pattern: [spec.defaultCommand ?? ''] }]
  }
  return { words: current, assignments, wrappers: names, openArgs, opaque: 'it nests too many wrapper commands' }
}

type Peeled =
  { readonly rest: readonly ShellWord[]; readonly assignments: readonly string[] } | { readonly opaque: string }

function peel(name: string, spec: WrapperSpec, words: readonly ShellWord[]): Peeled {
  const assignments: string[] = []
  let index = 1
  for (; index < words.length; index += 1) {
    const word = words[index]
    if (word === undefined) break
    const text = word.text
    if (text === '--') {
      index += 1
      break
    }
    if (spec.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(text)) {
      assignments.push(text)
      continue
    }
    if (!text.startsWith('-') || (text === '-' && !spec.flags.includes('-'))) break
    if (spec.queryOptions?.includes(text) === true) return { rest: [], assignments: [] }
    // An option only known at run time could be anything, including a command-reading one.
    if (word.dynamic !== undefined) return { opaque: `the ${name} option ${text} is only known when it runs` }
    const consumed = optionLength(spec, text)
    if (consumed === undefined)
      return { opaque: `${name} is given the option ${text}, which the permission check does not know` }
    if (consumed === 'opaque') return { opaque: `${name} ${text} reads a command from text that cannot be checked` }
    index += consumed - 1
  }
  index += spec.positional ?? 0
  return { rest: words.slice(index), assignments }
}

/** How many words an option takes (1 or 2), `opaque` for command-reading options, undefined when unknown. */
function optionLength(spec: WrapperSpec, text: string): 1 | 2 | 'opaque' | undefined {
  const matchesOption = (option: string): boolean =>
    text === option ||
    (option.startsWith('--') ? text.startsWith(`${option}=`) : text.startsWith(option) && text.length > option.length)
  if (spec.opaqueOptions?.some(matchesOption) === true) return 'opaque'
  // Flags first: options whose value must be attached are listed as both.
  if (spec.flags.includes(text)) return 1
  if (spec.valued.includes(text)) return 2
  if (spec.valued.some(matchesOption)) return 1
  if (spec.numericOption === true && /^-\d+$/.test(text)) return 1
  return undefined
}

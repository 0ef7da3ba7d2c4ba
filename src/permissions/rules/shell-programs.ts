import { launcher, none, opaque, type ProgramEffects } from './shell-program-effects.js'
import { awkProblem, sedProblem, sqliteProblem } from './shell-program-texts.js'
import { gitArguments, packageManager } from './shell-program-tools.js'
import type { ShellWord } from './shell-words.js'

/**
 * Programs that run other programs or write files depending on their options or the text they are
 * given, as data. An option that makes a program run something it is given cannot be checked, so
 * the call needs approval; an option that makes it write files must be spelled out in the allow
 * rule (`sed -i *` allows `sed -i s/a/b/ f`, `sed *` does not). The shell's own wrappers
 * (`timeout`, `env`, `xargs`…) are in `shell-wrappers.ts`, scripts (`bash -c`, `ssh host cmd`) in
 * `shell-inner.ts`.
 */

interface ProgramSpec {
  /** Options that make it run programs. Long options also match `--opt=…`; short letters also inside `-abc`. */
  readonly runs?: readonly string[]
  /** Options that make it write files. */
  readonly writes?: readonly string[]
  /** `find`-style options: whole words, matched exactly (or as prefixes when ending in `*`). */
  readonly wordOptions?: boolean
  /** The first argument is an old-style option cluster without a dash (`tar xf a.tar`). */
  readonly bareCluster?: boolean
  /** A check of the program text, script or subcommand it is given. */
  readonly inspect?: (args: readonly ShellWord[]) => ProgramEffects | undefined
}

/** The programs by name. */
const programs: Readonly<Record<string, ProgramSpec>> = {
  awk: { inspect: awkProgram },
  gawk: { inspect: awkProgram },
  mawk: { inspect: awkProgram },
  nawk: { inspect: awkProgram },
  sed: { writes: ['-i', '--in-place'], inspect: sedScripts },
  rg: { runs: ['--pre', '--hostname-bin'] },
  find: { wordOptions: true, writes: ['-fprint*', '-fls', '-delete'] },
  sort: { writes: ['-o', '--output'], runs: ['--compress-program'] },
  tar: {
    bareCluster: true,
    writes: [
      '-c',
      '-x',
      '-r',
      '-u',
      '-A',
      '-C',
      '--create',
      '--extract',
      '--get',
      '--append',
      '--update',
      '--delete',
      '--catenate',
      '--concatenate',
      '--directory',
    ],
    runs: [
      '-I',
      '-F',
      '--use-compress-program',
      '--to-command',
      '--checkpoint-action',
      '--info-script',
      '--new-volume-script',
      '--rsh-command',
      '--rmt-command',
    ],
  },
  split: { runs: ['--filter'] },
  csplit: {},
  sqlite3: { inspect: sqliteArguments },
  curl: {
    writes: [
      '-o',
      '-O',
      '--output',
      '--remote-name',
      '--remote-name-all',
      '-D',
      '--dump-header',
      '-c',
      '--cookie-jar',
      '--trace',
      '--trace-ascii',
      '--libcurl',
      '--stderr',
      '--output-dir',
    ],
    runs: ['-K', '--config'],
  },
  yq: { writes: ['-i', '--inplace'] },
  scp: { runs: ['-o', '-F', '-S'] },
  rsync: { runs: ['-e', '--rsh', '--rsync-path'] },
  git: { inspect: gitArguments },
  npm: { inspect: (args) => packageManager('npm', args) },
  pnpm: { inspect: (args) => packageManager('pnpm', args) },
  yarn: { inspect: (args) => packageManager('yarn', args) },
  npx: { inspect: (args) => launcher(args, 0) },
  bunx: { inspect: (args) => launcher(args, 0) },
}

/**
 * What the command `words` (name and arguments, wrappers peeled off) does beyond its name.
 * `openArgs`: it gets more arguments when it runs (`xargs`), which may be options of any kind.
 */
export function programEffects(name: string, words: readonly ShellWord[], openArgs = false): ProgramEffects {
  // `busybox sed …` is sed.
  if (name === 'busybox' && words.length > 1) {
    const applet = programEffects((words[1]?.text ?? '').toLowerCase(), words.slice(1), openArgs)
    return { ...applet, literal: applet.literal.map((index) => index + 1) }
  }
  const spec = Object.hasOwn(programs, name) ? programs[name] : undefined
  if (spec === undefined) return none
  if (openArgs)
    return opaque(
      `${name} is given more arguments when it runs, and they may be options that make it write files or run programs`,
    )
  const args = words.slice(1)
  const literal: number[] = []
  for (const [at, word] of args.entries()) {
    if (word.text === '--' && spec.wordOptions !== true) break
    const cluster = at === 0 && spec.bareCluster === true && /^[A-Za-z]+$/.test(word.text) ? `-${word.text}` : word.text
    if (!cluster.startsWith('-')) continue
    if (word.dynamic !== undefined) return opaque(`the ${name} option ${word.text} is only known when it runs`)
    const runs = spec.runs?.find((option) => optionIn(option, cluster, spec.wordOptions === true))
    if (runs !== undefined) return opaque(`${name} ${runs} runs a program it is given`)
    if (spec.writes?.some((option) => optionIn(option, cluster, spec.wordOptions === true)) === true)
      literal.push(at + 1)
  }
  const inspected = spec.inspect?.(args)
  if (inspected?.opaque !== undefined) return inspected
  return { literal: [...literal, ...(inspected?.literal ?? [])], restrictForms: inspected?.restrictForms ?? [] }
}

/** True when the argument `text` is, or contains, `option`. */
function optionIn(option: string, text: string, wordOptions: boolean): boolean {
  if (wordOptions) return option.endsWith('*') ? text.startsWith(option.slice(0, -1)) : text === option
  if (option.startsWith('--')) return text === option || text.startsWith(`${option}=`)
  return !text.startsWith('--') && text.slice(1).includes(option.slice(1))
}

function awkProgram(args: readonly ShellWord[]): ProgramEffects | undefined {
  const programs: ShellWord[] = []
  for (let index = 0; index < args.length; index += 1) {
    const text = args[index]?.text ?? ''
    if (/^(-f|--file|-E|--exec|-i|--include|-l|--load)(=|$)/.test(text) || /^-f./.test(text))
      return opaque('awk runs a program from a file, which cannot be checked')
    if (text === '-e' || text === '--source') {
      const program = args[index + 1]
      if (program !== undefined) programs.push(program)
      index += 1
    } else if (text === '-F' || text === '-v' || text === '--assign' || text === '--field-separator') index += 1
    else if (text === '--') {
      if (programs.length === 0 && args[index + 1] !== undefined) programs.push(args[index + 1] as ShellWord)
      break
    } else if (!text.startsWith('-') || text === '-') {
      if (programs.length === 0) programs.push(args[index] as ShellWord)
      break
    }
  }
  if (programs.length === 0) return opaque('awk is given no program to check')
  return scriptsProblem(programs, 'awk program', awkProblem)
}

/** The first problem of scripts given to a program (awk, sed): one only known when it runs, or one its scanner finds. */
function scriptsProblem(
  scripts: readonly ShellWord[],
  what: string,
  problemOf: (text: string) => string | undefined,
): ProgramEffects | undefined {
  for (const script of scripts) {
    if (script.dynamic !== undefined) return opaque(`the ${what} is only known when it runs (${script.dynamic})`)
    const problem = problemOf(script.text)
    if (problem !== undefined) return opaque(problem)
  }
  return undefined
}

function sedScripts(args: readonly ShellWord[]): ProgramEffects | undefined {
  const scripts: ShellWord[] = []
  let index = 0
  for (; index < args.length; index += 1) {
    const text = args[index]?.text ?? ''
    if (/^(-f|--file)(=|$)/.test(text) || /^-[a-zA-Z]*f/.test(text))
      return opaque('sed runs a script from a file, which cannot be checked')
    if (text === '-e' || text === '--expression') {
      const script = args[index + 1]
      if (script !== undefined) scripts.push(script)
      index += 1
    } else if (text.startsWith('--expression='))
      scripts.push({ ...(args[index] as ShellWord), text: text.slice('--expression='.length) })
    else if (/^-[a-zA-Z]*e./.test(text))
      scripts.push({ ...(args[index] as ShellWord), text: text.slice(text.indexOf('e') + 1) })
    else if (text === '-l' || text === '--line-length') index += 1
    else if (text === '--') {
      index += 1
      break
    } else if (!text.startsWith('-') || text === '-') break
  }
  if (scripts.length === 0) {
    const script = args[index]
    if (script === undefined) return opaque('sed is given no script to check')
    scripts.push(script)
  }
  return scriptsProblem(scripts, 'sed script', sedProblem)
}

function sqliteArguments(args: readonly ShellWord[]): ProgramEffects | undefined {
  const safeFlags = new Set([
    '-readonly',
    '-json',
    '-csv',
    '-header',
    '-noheader',
    '-column',
    '-line',
    '-list',
    '-box',
    '-markdown',
    '-table',
    '-html',
    '-tabs',
    '-quote',
    '-bail',
    '-batch',
    '-safe',
    '-nofollow',
    '-echo',
  ])
  const operands: ShellWord[] = []
  for (const word of args) {
    if (word.text.startsWith('-')) {
      if (!safeFlags.has(word.text.replace(/^--/, '-')))
        return opaque(`sqlite3 is given the option ${word.text}, which the permission check does not know`)
    } else operands.push(word)
  }
  const sql = operands[1]
  if (sql === undefined) return opaque('sqlite3 reads commands from standard input, which cannot be checked')
  if (operands.some((word) => word.dynamic !== undefined))
    return opaque('sqlite3 is given a database or SQL only known when it runs')
  const problem = sqliteProblem(
    operands
      .slice(1)
      .map((word) => word.text)
      .join('\n'),
  )
  return problem === undefined ? undefined : opaque(problem)
}

import { launcher, none, opaque, type ProgramEffects } from './shell-program-effects.js'
import type { ShellWord } from './shell-words.js'

/**
 * git and the package managers, as data: their global options (stripped for deny and ask rules,
 * so that `npm --registry x publish` is still `npm publish` to them), the options and subcommands
 * that run programs, and the subcommands that run scripts of the project.
 */

/** git options before the subcommand that change nothing git runs. */
const gitSafeGlobals = new Set([
  '--no-pager',
  '-P',
  '-p',
  '--paginate',
  '--no-optional-locks',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-advice',
  '--bare',
  '--version',
  '--help',
])

/** git's own subcommands; any other name may be an alias, and an alias can run any command. */
const gitSubcommands = new Set(
  `add am annotate apply archive bisect blame branch bundle cat-file check-attr check-ignore check-mailmap check-ref-format checkout cherry cherry-pick clean clone column commit commit-graph commit-tree config count-objects describe diff diff-files diff-index diff-tree difftool fetch filter-branch for-each-ref format-patch fsck gc grep hash-object help init log ls-files ls-remote ls-tree maintenance merge merge-base merge-file merge-tree mergetool mktag mktree mv name-rev notes pull push range-diff read-tree rebase reflog remote repack replace request-pull reset restore rev-list rev-parse revert rm shortlog show show-branch show-ref sparse-checkout stash status submodule switch symbolic-ref tag update-index update-ref var verify-commit verify-pack verify-tag version whatchanged worktree write-tree`.split(
    ' ',
  ),
)

/** Subcommands that run programs they are given: always, or with these options or arguments. */
const gitRunning: Readonly<Record<string, readonly string[] | true>> = {
  difftool: true,
  mergetool: true,
  'filter-branch': true,
  rebase: ['-x', '--exec'],
  bisect: ['run'],
  submodule: ['foreach'],
  grep: ['-O', '--open-files-in-pager'],
  fetch: ['--upload-pack'],
  pull: ['--upload-pack'],
  clone: ['--upload-pack', '-u', '--template', '-c', '--config'],
  'ls-remote': ['--upload-pack'],
  push: ['--receive-pack', '--exec'],
  archive: ['--exec', '--remote'],
  maintenance: true,
}

/** `git config` forms that only read. */
const gitConfigReads = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', 'get', 'list'])
const gitConfigWrites = new Set([
  '--add',
  '--replace-all',
  '--unset',
  '--unset-all',
  '--rename-section',
  '--remove-section',
  '-e',
  '--edit',
  'set',
  'unset',
  'edit',
  'rename-section',
  'remove-section',
])

const matchesOption = (text: string, option: string): boolean =>
  text === option ||
  (option.startsWith('--') && text.startsWith(`${option}=`)) ||
  (!option.startsWith('-') && text === option)

/** git options before the subcommand that take a value when written without `=`. */
const gitValuedGlobals = new Set([
  '-c',
  '-C',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--config-env',
  '--super-prefix',
  '--exec-path',
  '--list-cmds',
  '--attr-source',
])

export function gitArguments(args: readonly ShellWord[]): ProgramEffects {
  let index = 0
  let unsafe: string | undefined
  for (; index < args.length; index += 1) {
    const text = args[index]?.text ?? ''
    if (!text.startsWith('-')) break
    if (!gitSafeGlobals.has(text)) unsafe ??= text
    if (gitValuedGlobals.has(text)) index += 1
  }
  // Deny and ask rules see the command with its global options stripped: `git -c x=y push` is `git push`.
  const restrictForms = index === 0 ? [] : [['git', ...args.slice(index).map((word) => word.text)]]
  if (unsafe !== undefined)
    return { ...opaque(`git ${unsafe} can make git run any program or work on another repository`), restrictForms }
  const sub = args[index]
  if (sub === undefined) return none
  if (sub.dynamic !== undefined) return opaque(`the git subcommand is only known when it runs (${sub.dynamic})`)
  if (!gitSubcommands.has(sub.text))
    return opaque(`git ${sub.text} is not a git command, so it may be an alias, which can run any command`)
  const rest = args.slice(index + 1)
  const running = gitRunning[sub.text]
  if (running === true) return opaque(`git ${sub.text} runs programs it is configured or given`)
  const runs = running?.find((option) => rest.some((word) => matchesOption(word.text, option)))
  if (runs !== undefined) return opaque(`git ${sub.text} ${runs} runs a program it is given`)
  if (sub.text === 'config') {
    const texts = rest.map((word) => word.text)
    if (!texts.some((text) => gitConfigReads.has(text)) || texts.some((text) => gitConfigWrites.has(text))) {
      return opaque('git config can set programs that git runs later (aliases, pagers, hooks)')
    }
  }
  const literal = rest.flatMap((word, at) => (/^--output(=|$)/.test(word.text) ? [index + at + 2] : []))
  return { literal, restrictForms }
}

/** Options that make a package manager run a program or read settings that do. */
const managerRunning =
  /^(--script-shell|--node-options|--userconfig|--globalconfig|--init-module|--editor|--browser|--shell|--call|-c|--onload-script|--git|--config)(=|$)/

/** Subcommands that run scripts of the project or of its dependencies, or a program they are given, by manager. */
const managerScripts: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(
    'run run-script rum urn test tst t start stop restart install i in ins inst insta instal isnt isnta isntal isntall add ci clean-install ic install-clean isntall-clean install-test it install-ci-test cit rebuild rb publish pack version link ln update up upgrade udpate init create innit exec x explore edit'.split(
      ' ',
    ),
  ),
}

/** Subcommands that only read, for managers that run a project script named by any other subcommand. */
const managerReads: Readonly<Record<string, ReadonlySet<string>>> = {
  yarn: new Set('info list ls why outdated audit help config licenses bin whoami owner tag'.split(' ')),
  pnpm: new Set('list ls ll why outdated audit help config licenses bin root store whoami view info'.split(' ')),
}

/** Subcommands whose next operand is the program they run. */
const managerLaunchers = new Set(['exec', 'x', 'dlx'])
/** Subcommands whose next operand is the script they run. */
const managerRunners = new Set(['run', 'run-script', 'rum', 'urn'])

export function packageManager(name: string, args: readonly ShellWord[]): ProgramEffects {
  const positions = subcommandPositions(args)
  const stripped = positions
    .filter((index) => index > 0)
    .map((index) => [name, ...args.slice(index).map((word) => word.text)])
  const running = args.find((word) => managerRunning.test(word.text))
  if (running !== undefined)
    return { ...opaque(`${name} ${running.text} makes it run a program it is given`), restrictForms: stripped }
  const dynamic = args.find((word) => word.text.startsWith('-') && word.dynamic !== undefined)
  if (dynamic !== undefined)
    return { ...opaque(`the ${name} option ${dynamic.text} is only known when it runs`), restrictForms: stripped }
  const scripts = managerScripts[name]
  const reads = managerReads[name]
  const literal: number[] = []
  const restrictForms: (readonly string[])[] = [...stripped]
  for (const index of positions) {
    const sub = args[index]
    if (sub === undefined) continue
    const runsScript = scripts !== undefined ? scripts.has(sub.text) : !(reads?.has(sub.text) ?? false)
    if (sub.dynamic !== undefined && runsScript)
      return opaque(`the ${name} subcommand is only known when it runs (${sub.dynamic})`)
    if (sub.text === 'explore' || sub.text === 'edit') return opaque(`${name} ${sub.text} runs a shell or an editor`)
    if (!runsScript) continue
    // The options before it too: `--registry x` is an option and its value, or an option and the subcommand.
    for (let at = 0; at <= index; at += 1) literal.push(at + 1)
    if (managerRunners.has(sub.text) && args[index + 1] !== undefined) literal.push(index + 2)
    if (!managerLaunchers.has(sub.text)) continue
    const launched = launcher(args, index + 1)
    if (launched.opaque !== undefined) return launched
    literal.push(...launched.literal)
    restrictForms.push(...launched.restrictForms)
  }
  return { literal, restrictForms }
}

/**
 * Where the subcommand may be, after the options before it: an option without `=` may or may not
 * take the next word as its value (`npm --registry x publish`), so every reading is kept.
 */
function subcommandPositions(args: readonly ShellWord[]): number[] {
  const positions = new Set<number>()
  const seen = new Set<number>()
  const walk = (index: number): void => {
    if (seen.has(index)) return
    seen.add(index)
    const text = args[index]?.text
    if (text === undefined) return void positions.add(index)
    if (text === '--') return void positions.add(index + 1)
    if (!text.startsWith('-') || text === '-') return void positions.add(index)
    walk(index + 1)
    const next = args[index + 1]?.text
    if (!text.includes('=') && next !== undefined && !next.startsWith('-')) walk(index + 2)
  }
  walk(0)
  return [...positions]
}

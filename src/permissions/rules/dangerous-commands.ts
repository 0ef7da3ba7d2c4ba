import type { ShellPart } from './match-command.js'
import { shells } from './shell-inner.js'
import { commandBasename } from './shell-wrappers.js'
import { fileWriters, gitDirWriteReason, isInGitDir, optionValue } from './git-dir.js'

/**
 * Commands that need approval even when a rule allows them (DESIGN §7). A deny rule still denies
 * them; dontAsk mode denies them, since it never asks. Each entry is judged on the command that
 * runs, wrappers peeled off (`timeout 5 rm -rf /` is `rm -rf /`).
 */

/** What an entry looks at: one simple command. */
export interface CommandFacts {
  /** Command name without directory, lower case: `/bin/RM` → `rm`. */
  readonly name: string
  readonly args: readonly string[]
  /** Files it writes through output redirections. */
  readonly writeTargets: readonly string[]
  /** Names of the commands whose output it reads (pipeline, `<(…)`). */
  readonly inputsFrom: readonly string[]
  /** Wrappers it runs under, like `sudo` or `timeout`. */
  readonly wrappers: readonly string[]
}

/** One dangerous command pattern, with the reason shown in the verdict. */
export interface DangerousCommand {
  readonly id: string
  readonly reason: string
  matches(command: CommandFacts): boolean
}

/** Single-letter flags (`-rf` → r, f) and long flags (`--force`) before `--`. */
function flags(args: readonly string[]): { readonly short: ReadonlySet<string>; readonly long: ReadonlySet<string> } {
  const short = new Set<string>()
  const long = new Set<string>()
  for (const arg of args) {
    if (arg === '--') break
    if (arg.startsWith('--')) long.add(arg.split('=', 1)[0] ?? arg)
    else if (/^-[A-Za-z]/.test(arg)) for (const letter of arg.slice(1)) short.add(letter)
  }
  return { short, long }
}

/** Disks, partitions and raw memory; writing to them destroys data below the file system. */
const blockDevice = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|rdisk|mapper\/|md|dm-|loop|sr|mem$|kmem$|port$)/

/** Git's subcommand and its arguments, skipping global options like `-C dir` and `-c key=value`. */
function gitSubcommand(args: readonly string[]): { readonly name: string; readonly args: readonly string[] } {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? ''
    if (['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix'].includes(arg))
      index += 1
    else if (!arg.startsWith('-')) return { name: arg, args: args.slice(index + 1) }
  }
  return { name: '', args: [] }
}

const gitIs = (command: CommandFacts, subcommand: string, test: (args: readonly string[]) => boolean): boolean => {
  if (command.name !== 'git') return false
  const sub = gitSubcommand(command.args)
  return sub.name === subcommand && test(sub.args)
}

const interpreters = new Set([...shells, 'source', '.', 'python', 'python3', 'perl', 'ruby', 'node', 'php'])
const downloaders = new Set(['curl', 'wget', 'fetch', 'aria2c'])

/** The dangerous-command list. */
export const dangerousCommands: readonly DangerousCommand[] = [
  {
    id: 'rm-recursive-force',
    reason: 'rm -rf deletes files and directories recursively without asking',
    matches: ({ name, args }) => {
      if (name !== 'rm') return false
      const { short, long } = flags(args)
      return (
        ((short.has('r') || short.has('R') || long.has('--recursive')) && (short.has('f') || long.has('--force'))) ||
        long.has('--no-preserve-root')
      )
    },
  },
  {
    id: 'run-as-root',
    reason: 'it runs commands as another user, usually root',
    matches: ({ name, wrappers }) =>
      [name, ...wrappers].some((command) => ['sudo', 'su', 'doas', 'pkexec', 'runuser'].includes(command)),
  },
  {
    id: 'dd-to-device',
    reason: 'dd writes raw data to a device',
    matches: ({ name, args }) =>
      name === 'dd' && args.some((arg) => arg.startsWith('of=/dev/') && arg !== 'of=/dev/null'),
  },
  {
    id: 'write-to-device',
    reason: 'it writes to a device file, below the file system',
    matches: ({ name, args, writeTargets }) =>
      writeTargets.some((target) => target.startsWith('/dev/')) ||
      (['tee', 'cp', 'mv', 'install'].includes(name) && args.some((arg) => blockDevice.test(arg))),
  },
  {
    id: 'format-disk',
    reason: 'it formats or partitions a disk',
    matches: ({ name }) =>
      name.startsWith('mkfs') ||
      ['mke2fs', 'mkswap', 'wipefs', 'fdisk', 'sfdisk', 'cfdisk', 'parted', 'sgdisk'].includes(name),
  },
  {
    id: 'shred',
    reason: 'shred overwrites files so that they cannot be recovered',
    matches: ({ name }) => name === 'shred',
  },
  {
    id: 'recursive-permissions',
    reason: 'it changes permissions or owners recursively on the whole system, or makes files writable by everyone',
    matches: ({ name, args }) => {
      if (!['chmod', 'chown', 'chgrp'].includes(name)) return false
      const { short, long } = flags(args)
      if (!short.has('R') && !long.has('--recursive')) return false
      return (
        args.some((arg) => ['/', '/*', '~', '$HOME'].includes(arg)) ||
        (name === 'chmod' && args.some((arg) => /^0?7?777$|^[ugoa]*[ao][ugoa]*\+[rwxXst]*w/.test(arg)))
      )
    },
  },
  {
    id: 'download-and-run',
    reason: 'it runs a script downloaded from the network (curl | sh)',
    matches: ({ name, inputsFrom }) => interpreters.has(name) && inputsFrom.some((source) => downloaders.has(source)),
  },
  {
    id: 'git-force-push',
    reason: 'git push --force rewrites history on the remote',
    matches: (command) =>
      gitIs(command, 'push', (args) => {
        const { short, long } = flags(args)
        return (
          short.has('f') ||
          long.has('--force') ||
          long.has('--force-with-lease') ||
          long.has('--mirror') ||
          args.some((arg) => arg.startsWith('+'))
        )
      }),
  },
  {
    id: 'git-reset-hard',
    reason: 'git reset --hard discards uncommitted changes',
    matches: (command) => gitIs(command, 'reset', (args) => args.includes('--hard')),
  },
  {
    id: 'git-clean-force',
    reason: 'git clean -f deletes untracked files',
    matches: (command) =>
      gitIs(command, 'clean', (args) => {
        const { short, long } = flags(args)
        return short.has('f') || long.has('--force')
      }),
  },
  {
    id: 'find-delete',
    reason: 'find -delete deletes every file it finds',
    matches: ({ name, args }) => name === 'find' && args.includes('-delete'),
  },
  {
    id: 'git-dir-write',
    reason: gitDirWriteReason,
    matches: ({ name, args, writeTargets }) =>
      writeTargets.some(isInGitDir) || (fileWriters.has(name) && args.some((arg) => isInGitDir(optionValue(arg)))),
  },
]

/** The facts the list looks at, from a simple command. */
export function commandFacts(part: ShellPart): CommandFacts {
  const [name = '', ...args] = part.words
  return {
    name: commandBasename(name).toLowerCase(),
    args,
    writeTargets: part.writes.map((write) => write.target),
    inputsFrom: part.inputsFrom,
    wrappers: part.wrappers,
  }
}

/** Why `part` is dangerous: the analysis's own findings and every matching list entry. */
export function dangersOf(part: ShellPart): string[] {
  const facts = commandFacts(part)
  return [...part.dangers, ...dangerousCommands.filter((entry) => entry.matches(facts)).map((entry) => entry.reason)]
}

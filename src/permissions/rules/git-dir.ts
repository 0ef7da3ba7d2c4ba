import type { PermissionMode } from '../../profile/profile-schema.js'
import type { PermissionSubject } from '../../tool/define-tool.js'
import type { PermissionVerdict } from './permission-verdict.js'
import { analyseCommand } from './match-command.js'
import { commandBasename } from './shell-wrappers.js'

/**
 * Writes into a `.git` directory (hooks, `config`) make git run code the next time anyone uses the
 * repository, so they ask even when a rule or the mode allows them. A path is in one when any of its
 * segments is `.git` (in any case, as case-insensitive file systems read it; trailing dots and
 * spaces too, which Windows drops), the `.git` entry itself included: a `.git` file points git at
 * another directory.
 */

/** The reason shown in the verdict. */
export const gitDirWriteReason = 'it writes into .git, whose hooks and config run code when git is used'

/** True when `path` (relative or absolute, `/` or `\` separated) is `.git` or inside one. */
export function isInGitDir(path: string): boolean {
  return path.split(/[\\/]/).some((segment) => /^\.git[. ]*$/i.test(segment))
}

/**
 * Programs that write, move or delete the files they name; any of their arguments inside `.git`
 * counts (a source too, which asks more often than needed but never misses a target).
 */
export const fileWriters = new Set([
  'tee',
  'cp',
  'mv',
  'install',
  'ln',
  'link',
  'rsync',
  'scp',
  'touch',
  'mkdir',
  'rm',
  'rmdir',
  'unlink',
  'truncate',
  'dd',
  'sed',
  'perl',
  'patch',
  'tar',
  'unzip',
  'chmod',
  'chown',
  'chgrp',
  'shred',
  'split',
  'csplit',
  'sort',
  'curl',
  'wget',
])

/** The path an argument names: the value of `--opt=value` and `of=value`, otherwise the argument. */
export const optionValue = (arg: string): string => /^(?:--?[A-Za-z][\w-]*|of)=(.*)$/s.exec(arg)?.[1] ?? arg

/** Directories a command moves into; what it writes afterwards lands there. */
const directoryChangers = new Set(['cd', 'pushd'])

/** The paths a command may write to: redirection targets, the arguments of file writers, and the directories it moves into. */
export function shellWritePaths(command: string): string[] {
  const analysis = analyseCommand(command)
  if (!analysis.ok) return []
  return analysis.parts.flatMap((part) => {
    const [name = '', ...args] = part.words
    const program = commandBasename(name).toLowerCase()
    const named =
      fileWriters.has(program) || directoryChangers.has(program)
        ? args.filter((arg) => !/^-[^=]*$/.test(arg)).map(optionValue)
        : []
    return [...part.writes.map((write) => write.target), ...named]
  })
}

/**
 * The verdict on a call, asking when a shell command the rules allowed writes into `.git` through a
 * symbolic link its text does not show (`hooks` → `.git/hooks`). `realPath` gives the workspace
 * path a path leads to, or `undefined` when it leads nowhere in the workspace.
 */
export async function askOnGitDirLinks(
  verdict: PermissionVerdict,
  subject: PermissionSubject | undefined,
  mode: PermissionMode,
  realPath: (path: string) => Promise<string | undefined>,
): Promise<PermissionVerdict> {
  if (verdict.behavior !== 'allow' || subject?.kind !== 'command') return verdict
  for (const path of shellWritePaths(subject.command)) {
    const real = await realPath(path)
    if (real === undefined || !isInGitDir(real)) continue
    const behavior = mode === 'dontAsk' ? 'deny' : 'ask'
    const reason = `${behavior === 'deny' ? 'Denied (dontAsk mode never asks)' : 'Needs approval'}: ${gitDirWriteReason} (\`${path}\` leads to \`${real}\`).`
    return {
      behavior,
      reason,
      decidedBy: 'dangerous',
      trace: [...verdict.trace, `\`${path}\` leads to \`${real}\`, inside .git: ${behavior}.`],
    }
  }
  return verdict
}

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

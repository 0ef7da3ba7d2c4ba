import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Where system programs live, besides the host's PATH (which may be short in a service). */
export const systemDirs: readonly string[] = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']

/** The first executable file `name` on `pathVar` (absolute entries only) or in the system directories. */
export function findExecutable(name: string, pathVar: string | undefined): string | undefined {
  const dirs = [...(pathVar ?? '').split(delimiter).filter((dir) => dir.startsWith('/')), ...systemDirs]
  return dirs.map((dir) => join(dir, name)).find(isExecutable)
}

/** Whether `file` can be run by this process. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * A prefix that makes the program it starts get SIGKILL when this process dies, however it dies:
 * `setpriv --pdeathsig KILL --` (util-linux), which keeps the setting across the exec of the
 * program. bubblewrap's own --die-with-parent covers its sandbox, not bubblewrap itself when its
 * parent is killed. Empty where setpriv is missing.
 */
export function dieWithHost(): readonly string[] {
  const setpriv = findExecutable('setpriv', process.env.PATH)
  return setpriv === undefined ? [] : [setpriv, '--pdeathsig', 'KILL', '--']
}

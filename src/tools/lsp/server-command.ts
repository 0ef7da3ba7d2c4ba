import { isAbsolute, join, resolve } from 'node:path'
import { findExecutable, isExecutable } from '../../spawn/find-executable.js'

/**
 * The program a server's `command` names: a path (relative ones from the workspace root), or a
 * bare name looked up on PATH, then in the workspace's `node_modules/.bin` (where a project keeps
 * its own typescript-language-server). PATH comes first, so a program the person installed wins
 * over one the project carries. Undefined when nothing runnable is found.
 */
export function serverProgram(command: string, root: string, pathVar: string | undefined): string | undefined {
  if (command.includes('/')) {
    const file = isAbsolute(command) ? command : resolve(root, command)
    return isExecutable(file) ? file : undefined
  }
  const local = join(root, 'node_modules', '.bin', command)
  return findExecutable(command, pathVar) ?? (isExecutable(local) ? local : undefined)
}

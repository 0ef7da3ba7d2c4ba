import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, resolve } from 'node:path'

/** What the exec family searches when the environment has no PATH. */
const defaultPath = '/usr/bin:/bin'

/**
 * Throws the error a direct spawn would report (`spawn <program> ENOENT` or `EACCES`) when
 * `program` cannot be run: a wrapper that starts it would otherwise exit with a code that reads
 * like the program's own.
 */
export function assertRunnable(program: string, cwd: string, pathVar: string | undefined): void {
  const candidates = program.includes('/')
    ? [resolve(cwd, program)]
    : (pathVar ?? defaultPath).split(delimiter).map((dir) => resolve(cwd, dir, program))
  let denied = false
  for (const file of candidates) {
    const found = runnable(file)
    if (found === 'yes') return
    if (found === 'denied') denied = true
  }
  throw spawnError(program, denied ? 'EACCES' : 'ENOENT')
}

function runnable(file: string): 'yes' | 'denied' | 'absent' {
  try {
    if (statSync(file).isDirectory()) return 'denied'
    accessSync(file, constants.X_OK)
    return 'yes'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EACCES' ? 'denied' : 'absent'
  }
}

function spawnError(program: string, code: 'ENOENT' | 'EACCES'): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`spawn ${program} ${code}`)
  error.code = code
  error.syscall = `spawn ${program}`
  error.path = program
  return error
}

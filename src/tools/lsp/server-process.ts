import { spawnBounded, type BoundedProcess } from '../../spawn/spawn-bounded.js'

/** Lines of a server's error output kept for crash reports. */
const keptStderrLines = 20
/** Characters of error output kept at most, however long its lines. */
const keptStderrChars = 4000

/** A running server program: its bounded process, how it ended, and its recent error output. */
export interface ServerProcess {
  readonly bounded: BoundedProcess
  /** Resolves once the program has exited, with a short description (`exit code 1`, `signal SIGKILL`). */
  readonly exited: Promise<string>
  /** Whether the program has exited. */
  hasExited(): boolean
  /** Its last lines of error output, oldest first. */
  stderrTail(): readonly string[]
}

/**
 * Starts a language server bounded ({@link spawnBounded}): it and everything it starts die with
 * the host and when it is killed. Its error output is kept in a small ring for crash reports.
 * @throws the spawn error when the program cannot be started
 */
export async function startServerProcess(
  program: string,
  args: readonly string[],
  cwd: string,
): Promise<ServerProcess> {
  const bounded = await spawnBounded(program, args, { cwd, env: process.env })
  const { child } = bounded
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve())
    child.once('error', reject)
  })
  let lines: string[] = []
  let partial = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n')
    partial = (parts.pop() ?? '').slice(-keptStderrChars)
    lines.push(...parts.filter((line) => line.trim() !== '').map((line) => line.slice(0, 500)))
    if (lines.length > keptStderrLines) lines = lines.slice(-keptStderrLines)
  })
  let done = false
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true
      resolve(signal === null ? `exit code ${String(code)}` : `signal ${signal}`)
    })
  })
  // A broken pipe to a server that died is reported by its exit; unhandled, it would end the host.
  child.stdin.on('error', () => {})
  return {
    bounded,
    exited,
    hasExited: () => done,
    stderrTail: () => {
      const all = partial.trim() === '' ? lines : [...lines, partial]
      let total = 0
      return all
        .slice(-keptStderrLines)
        .reverse()
        .filter((line) => (total += line.length) <= keptStderrChars)
        .reverse()
    },
  }
}

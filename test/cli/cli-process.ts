import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterEach } from 'vitest'

// The built binary (dist/ is built before the tests by test/build-dist.ts), as a person runs it.
const bin = join(import.meta.dirname, '..', '..', 'bin', 'toolhost.js')

/** How a `toolhost` process ended. */
export interface Finished {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** Options of {@link startToolhost}. */
export interface StartOptions {
  readonly env?: Record<string, string>
  /** Written to standard input, which is then closed; standard input is closed at once when absent. */
  readonly stdin?: string
  /** Close the reading end of standard output at once, as a reader that goes away does. */
  readonly closeStdout?: boolean
}

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

/** Starts the `toolhost …` binary in another process, its output piped to this one. */
export function startToolhost(
  cwd: string,
  args: readonly string[],
  options: StartOptions = {},
): { child: ChildProcess; done: Promise<Finished>; stdout: () => string; stderr: () => string } {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  if (options.closeStdout === true) child.stdout?.destroy()
  else child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  child.stdin?.end(options.stdin ?? '')
  const done = new Promise<Finished>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  )
  return { child, done, stdout: () => stdout, stderr: () => stderr }
}

/** Runs `toolhost …` to its end. */
export function toolhost(cwd: string, args: readonly string[], options: StartOptions = {}): Promise<Finished> {
  return startToolhost(cwd, args, options).done
}

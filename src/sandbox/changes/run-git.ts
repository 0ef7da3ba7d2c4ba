import { spawn } from 'node:child_process'
import { gitConfigArgs } from './git-env.js'

/** Where and how one git command runs. */
export interface GitCommand {
  /** The git program, an absolute path. */
  readonly git: string
  /** The shadow repository (`--git-dir`). */
  readonly gitDir: string
  /** The workspace (`--work-tree`), also the working directory. */
  readonly workTree: string
  /** The whole environment ({@link gitEnvironment}). */
  readonly env: Readonly<Record<string, string>>
  /** When git is killed. */
  readonly deadline: number
  readonly signal?: AbortSignal | undefined
  /** Written to git's standard input, then closed. */
  readonly input?: Buffer | undefined
  /** Most bytes of standard output kept; git is stopped past it and the output marked `cut`. */
  readonly maxOutput?: number | undefined
  /** More `name=value` settings for this command only. */
  readonly settings?: readonly string[] | undefined
}

/** How a git command ended. */
export interface GitOutput {
  /** The exit code; `null` when git was stopped. */
  readonly code: number | null
  readonly stdout: Buffer
  /** The end of standard error, as text. */
  readonly stderr: string
  /** True when standard output went past `maxOutput` and git was stopped there. */
  readonly cut: boolean
  /** Why git was killed before it ended by itself, if it was. */
  readonly stopped?: 'timeout' | 'aborted'
}

/** Most standard output kept by default: far above any listing a workspace produces. */
const defaultMaxOutput = 256 * 1024 * 1024
const maxStderr = 16 * 1024

/**
 * Runs git once on the shadow repository and collects what it prints. Never rejects for git's own
 * failures (the caller reads `code` and `stderr`); rejects only when git cannot be started.
 */
export function runGit(command: GitCommand, args: readonly string[]): Promise<GitOutput> {
  const maxOutput = command.maxOutput ?? defaultMaxOutput
  return new Promise((resolve, reject) => {
    const child = spawn(
      command.git,
      [
        ...gitConfigArgs,
        ...(command.settings ?? []).flatMap((setting) => ['-c', setting]),
        `--git-dir=${command.gitDir}`,
        `--work-tree=${command.workTree}`,
        ...args,
      ],
      { cwd: command.workTree, env: command.env, stdio: ['pipe', 'pipe', 'pipe'], shell: false },
    )
    const chunks: Buffer[] = []
    let size = 0
    let cut = false
    let stderr = ''
    let stopped: GitOutput['stopped']
    const stop = (why: GitOutput['stopped']) => {
      stopped ??= why
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => stop('timeout'), Math.max(0, command.deadline - Date.now()))
    const onAbort = () => stop('aborted')
    if (command.signal?.aborted === true) onAbort()
    command.signal?.addEventListener('abort', onAbort, { once: true })

    child.stdout.on('data', (chunk: Buffer) => {
      if (cut) return
      const room = maxOutput - size
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room))
        size = maxOutput
        cut = true
        child.kill('SIGKILL')
        return
      }
      chunks.push(chunk)
      size += chunk.length
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-maxStderr)
    })
    // git may exit before reading all of its input (a bad option); the pipe error is not ours to report.
    child.stdin.on('error', () => {})
    child.stdin.end(command.input)

    const settle = () => {
      clearTimeout(timer)
      command.signal?.removeEventListener('abort', onAbort)
    }
    child.on('error', (error) => {
      settle()
      reject(error)
    })
    child.on('close', (code) => {
      settle()
      resolve({ code, stdout: Buffer.concat(chunks), stderr, cut, ...(stopped === undefined ? {} : { stopped }) })
    })
  })
}

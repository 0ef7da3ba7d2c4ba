import type { Approver } from '../permissions/approvals/approval-request.js'
import type { ActivityStream } from './activity-indicator.js'
import { isReaderGone, ProcessOutput } from './process-output.js'

/** Where the CLI writes and reads; the real process streams, or buffers in tests. */
export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** Writes text as it streams, without a line break; `out` is used when absent. */
  write?(text: string): void
  /** Reads all of standard input (for `-` as ARGUMENTS). */
  readStdin(): Promise<string>
  /** Asks a person at the terminal, when there is one; otherwise requests wait durably. */
  readonly approver?: Approver
  /** Aborted when standard output can no longer be written (its reader has gone): the command stops. */
  readonly outputClosed?: AbortSignal
  /** The terminal, when the process has one: where a status line may be drawn while work goes on. */
  readonly terminal?: { readonly stdoutIsTTY: boolean | undefined; readonly stderr: ActivityStream }
}

/**
 * Exit codes: success, an error result or failure, a usage error, a call waiting for approval, and
 * standard output closed by its reader (128 + SIGPIPE, as a shell reports a process SIGPIPE ended).
 */
export const exitCodes = { ok: 0, failed: 1, usage: 2, pending: 3, brokenPipe: 141 } as const

const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`)

// A reader that goes away (`toolhost … | head -1`) ends the process as SIGPIPE would, without a stack trace.
const stderr = new ProcessOutput(process.stderr)
const stdout = new ProcessOutput(process.stdout, (failure) => {
  if (failure !== undefined) stderr.write(`toolhost: cannot write to standard output: ${failure.message}\n`)
  process.exitCode = failure === undefined ? exitCodes.brokenPipe : exitCodes.failed
})

/** The process's own streams. */
export const processIo: CliIo = {
  out: (text) => stdout.write(withNewline(text)),
  write: (text) => stdout.write(text),
  err: (text) => stderr.write(withNewline(text)),
  get outputClosed() {
    return stdout.closed
  },
  terminal: {
    get stdoutIsTTY() {
      return process.stdout.isTTY
    },
    stderr: {
      get isTTY() {
        return process.stderr.isTTY
      },
      write: (text: string) => stderr.write(text),
    },
  },
  async readStdin() {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  },
  // The terminal prompt (readline) loads with the first question; each question is its own prompt anyway.
  ...(process.stdin.isTTY && {
    approver: async (request, signal) => {
      const { terminalApprover } = await import('../permissions/approvals/terminal-approver.js')
      return terminalApprover({ input: process.stdin, output: process.stderr })(request, signal)
    },
  }),
}

/** A usage mistake: printed with a hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** The exit code once standard output is closed: as SIGPIPE when its reader went away, else failed. */
export function closedOutputCode(closed: AbortSignal): number {
  return closed.reason instanceof Error && isReaderGone(closed.reason) ? exitCodes.brokenPipe : exitCodes.failed
}

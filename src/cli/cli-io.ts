import type { Approver } from '../permissions/approvals/approval-request.js'
import { terminalApprover } from '../permissions/approvals/terminal-approver.js'

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
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  write: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  async readStdin() {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  },
  ...(process.stdin.isTTY && { approver: terminalApprover({ input: process.stdin, output: process.stderr }) }),
}

/** A usage mistake: printed with a hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** Exit codes: success, an error result or failure, a usage error, a call waiting for approval. */
export const exitCodes = { ok: 0, failed: 1, usage: 2, pending: 3 } as const

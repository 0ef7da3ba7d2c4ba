/** Where the CLI writes and reads; the real process streams, or buffers in tests. */
export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** Reads all of standard input (for `-` as ARGUMENTS). */
  readStdin(): Promise<string>
}

/** The process's own streams. */
export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  async readStdin() {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  },
}

/** A usage mistake: printed with a hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** Exit codes: success, an error result or failure, a usage error. */
export const exitCodes = { ok: 0, failed: 1, usage: 2 } as const

import type { CliIo } from '../../src/cli/cli-io.js'
import { main } from '../../src/cli/main.js'

/** What one in-process run of the command line printed, and its exit code. */
export interface CliRun {
  readonly code: number
  readonly out: string
  readonly err: string
}

/** Runs `toolhost <argv>` in this process from the sources, collecting standard output and error. */
export async function cliInProcess(argv: readonly string[]): Promise<CliRun> {
  let out = ''
  let err = ''
  const io: CliIo = {
    out: (t) => (out += `${t}\n`),
    write: (t) => (out += t),
    err: (t) => (err += `${t}\n`),
    readStdin: async () => '',
  }
  const code = await main(argv, io)
  return { code, out, err }
}

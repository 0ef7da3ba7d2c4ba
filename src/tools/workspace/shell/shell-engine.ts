import {
  Bash,
  bytesOutput,
  defineCommand,
  encodeUtf8ToBytes,
  latin1FromBytes,
  parse,
  unsafeBytesFromLatin1,
  type BashOptions,
} from 'just-bash'
import { createShellFs } from './shell-fs.js'
import type { EngineCommand, EngineMarker, EngineMessage, EngineReply, EngineRequest } from './shell-protocol.js'

// This module is the shell's engine process (see shell-runner.ts). Tests load it from its
// TypeScript source, where the runner starts it with a hook that resolves `.js` imports to `.ts`.

/** Largest output a command may produce (stdout and stderr together); past it the command fails. */
export const MAX_OUTPUT_BYTES = 10 * 1024 * 1024

/** Bytes `yes` writes: just-bash runs a pipeline one command after another, so it cannot wait for a reader to stop. */
export const YES_OUTPUT_BYTES = 8 * 1024 * 1024

/**
 * just-bash's execution limits for one call. The engine is a process the tool kills when the call's
 * time runs out, so the counts are generous: they stop runaway scripts with a clear message long
 * before memory runs out, and leave the rest to the timeout. The runtimes get the call's whole time.
 */
export function sandboxLimits(timeoutMs: number): NonNullable<BashOptions['executionLimits']> {
  const iterations = 10_000_000
  return {
    maxCommandCount: iterations,
    maxLoopIterations: iterations,
    maxAwkIterations: iterations,
    maxSedIterations: iterations,
    maxJqIterations: iterations,
    maxWorkUnits: 100 * iterations,
    maxOutputSize: MAX_OUTPUT_BYTES,
    // A backstop only: the tool stops the engine at the call's limit.
    maxExecutionTimeMs: timeoutMs + 5_000,
    maxPythonTimeoutMs: timeoutMs,
    maxJsTimeoutMs: timeoutMs,
    maxSqliteTimeoutMs: timeoutMs,
  }
}

/**
 * The script just-bash runs for `command`: stderr merged into stdout so output stays in order, and
 * the command in a subshell, where just-bash reports a failed redirection (such as a write to a
 * read-only mount) as an error of the script instead of rejecting the whole run. The subshell opens
 * on the command's first line so line numbers stay. A command that does not parse runs as given (to
 * report its own syntax error); one that parses only unwrapped (an unterminated here-document)
 * runs with the merge alone.
 */
export function sandboxScript(command: string): string {
  const wrapped = `exec 2>&1; ( ${command}\n)`
  if (parses(wrapped)) return wrapped
  if (!parses(command)) return command
  return `exec 2>&1; ${command}`
}

function parses(script: string): boolean {
  try {
    parse(script)
    return true
  } catch {
    return false
  }
}

const yes = defineCommand(
  'yes',
  async (args) => {
    // Bytes, not text: just-bash passes them down a pipe as they are, many times faster.
    const line = latin1FromBytes(encodeUtf8ToBytes(`${args.length === 0 ? 'y' : args.join(' ')}\n`))
    const bytes = unsafeBytesFromLatin1(line.repeat(Math.max(1, Math.floor(YES_OUTPUT_BYTES / line.length))))
    return { ...bytesOutput(bytes), stderr: '', exitCode: 0 }
  },
  { trusted: false },
)

/**
 * Runs one request in a fresh just-bash shell over the request's mounts: fresh variables, functions
 * and working directory, files on the host. Never rejects: problems of the sandbox itself come back
 * as `ok: false`.
 */
export async function runInSandbox(request: EngineRequest, signal: AbortSignal): Promise<EngineReply> {
  try {
    const fs = createShellFs(request.mounts, request.hidden)
    const workdir = await fs.stat(request.cwd).catch(() => undefined)
    if (workdir?.isDirectory !== true)
      return { ok: false, kind: 'workdir', message: `${request.cwd} is not a directory` }
    const bash = new Bash({
      fs,
      cwd: request.cwd,
      python: true,
      javascript: true,
      customCommands: [yes],
      executionLimits: sandboxLimits(request.timeoutMs),
      ...(request.network === undefined
        ? {}
        : {
            network: {
              allowedUrlPrefixes: [...request.network.allowedUrlPrefixes],
              denyPrivateRanges: request.network.denyPrivateRanges,
            },
          }),
    })
    const result = await bash.exec(sandboxScript(request.command), { signal, rawScript: true })
    return { ok: true, exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr }
  } catch (error) {
    return { ok: false, kind: 'sandbox', message: error instanceof Error ? error.message : String(error) }
  }
}

const engineMarker: EngineMarker = '--toolhost-shell-engine'

/** Serves requests over IPC, one at a time, until the tool's process goes away. */
function serve(): void {
  const send = (message: EngineMessage): void => {
    process.send?.(message)
  }
  let running: AbortController | undefined
  process.on('message', (message: EngineCommand) => {
    if (message.type === 'abort') {
      running?.abort()
      return
    }
    const controller = new AbortController()
    running = controller
    void runInSandbox(message.request, controller.signal).then((reply) => {
      if (running === controller) running = undefined
      send({ type: 'reply', reply })
    })
  })
  // Without the tool's process there is nobody to answer; the js-exec worker would keep this one alive.
  process.on('disconnect', () => process.exit(0))
  send({ type: 'ready' })
}

if (process.argv.includes(engineMarker) && process.send !== undefined) serve()

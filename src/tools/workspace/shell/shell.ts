import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { defineTool, type ToolOutput } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { shellNetwork } from './shell-network.js'
import {
  cleanShellOutput,
  formatShellResult,
  SHELL_INLINE_CHAR_LIMIT,
  shellOutputText,
  formatDuration,
} from './shell-output.js'
import type { EngineReply } from './shell-protocol.js'
import { ShellRunner, type RunOutcome } from './shell-runner.js'
import { startInBackground, type StartedCommand } from '../../background/index.js'
import { backgroundToolIds } from '../../background/background-texts.js'
import type { ToolId } from '../../../core/tool-id.js'

/** Time a call may run when it gives no `timeout_ms`. */
export const SHELL_DEFAULT_TIMEOUT_MS = 30_000
/** The largest `timeout_ms` a call may give. */
export const SHELL_MAX_TIMEOUT_MS = 600_000

const texts = {
  timeout: loadText(import.meta.url, 'texts/timeout.txt'),
  timeoutOutput: loadText(import.meta.url, 'texts/timeout-output.txt'),
  cancelled: loadText(import.meta.url, 'texts/cancelled.txt'),
  outOfMemory: loadText(import.meta.url, 'texts/out-of-memory.txt'),
  sandboxError: loadText(import.meta.url, 'texts/sandbox-error.txt'),
  workdir: loadText(import.meta.url, 'texts/workdir.txt'),
  description: loadText(import.meta.url, 'shell.description.md'),
  useSystem: loadText(import.meta.url, 'texts/use-system.txt'),
}
const systemShellId = 'builtin:system.shell' as ToolId

// The engine process runs this module's sibling: the TypeScript source when tests load this module
// from source (with the project's loader hook, which maps `.js` imports to `.ts`), JavaScript once built.
const fromSource = import.meta.url.endsWith('.ts')
const runner = new ShellRunner({
  engineUrl: new URL(fromSource ? './shell-engine.ts' : './shell-engine.js', import.meta.url),
  execArgv: fromSource
    ? ['--import', fileURLToPath(new URL('../../../../scripts/register-ts.ts', import.meta.url))]
    : [],
  memoryMb: 2048,
  stopGraceMs: 500,
  maxIdle: 2,
  idleMs: 60_000,
})

const inputSchema = z.object({
  command: z.string().min(1).max(1_000_000).describe('The bash script to run, e.g. grep -rn TODO src | head -20'),
  workdir: z.string().optional().describe('Directory to start in, a workspace path; default / (the workspace root).'),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(SHELL_MAX_TIMEOUT_MS)
    .optional()
    .describe(`Time limit in milliseconds; default ${SHELL_DEFAULT_TIMEOUT_MS}, at most ${SHELL_MAX_TIMEOUT_MS}.`),
  run_in_background: z
    .boolean()
    .optional()
    .describe('Start it and return at once with a task id; its output comes when it ends (time limit as above).'),
})

/**
 * `workspace.shell`: runs a bash script in just-bash, an in-process bash emulation, inside a
 * separate engine process (see {@link ShellRunner}), over the workspace mounts as one tree. Fresh
 * shell state per call; files persist. A non-zero exit is an ordinary result. Time-outs are
 * `shell.timeout`, cancellation `shell.cancelled`, failures of the sandbox `shell.sandbox_error` and
 * a missing `workdir` `shell.invalid_workdir`, all recoverable.
 *
 * The content is the full result text (`Exit code: N`, then the output). For long output the host
 * shows the model {@link shellOutputText} of it — head and tail within {@link SHELL_INLINE_CHAR_LIMIT}
 * and the path of the stored full text. Structured output: `{ exitCode, stdoutBytes, stderrBytes,
 * durationMs, truncated }`, where stderr of the script is merged into stdout (so `stdoutBytes`
 * counts both) and `stderrBytes` counts the shell's own messages (syntax errors, limits);
 * `truncated` means the text is longer than the inline limit.
 */
export const shellTool = defineTool({
  name: 'workspace.shell',
  description: (ctx) =>
    fillText(texts.description, {
      output: ctx.alias(backgroundToolIds.output),
      kill: ctx.alias(backgroundToolIds.kill),
      system: ctx.has(systemShellId) ? fillText(texts.useSystem, { system: ctx.alias(systemShellId) }) : '',
    }),
  inputSchema,
  annotations: { readOnly: false, destructive: true },
  timeoutMs: SHELL_MAX_TIMEOUT_MS,
  inlineCharLimit: SHELL_INLINE_CHAR_LIMIT,
  previewExternalized: (text, path) => shellOutputText(text, SHELL_INLINE_CHAR_LIMIT, path),
  resources: () => [{ kind: 'workspace', access: 'write' }],
  permissionSubject: ({ command }) => ({ kind: 'command', command }),
  call: async ({ command, workdir, timeout_ms: timeoutMs = SHELL_DEFAULT_TIMEOUT_MS, run_in_background }, ctx) => {
    const cwd = `/${ctx.workspace.normalize(workdir ?? '/')}`
    const started = performance.now()
    const network = shellNetwork(ctx.profile)
    const request = {
      command,
      cwd,
      mounts: ctx.workspace.mounts,
      hidden: ctx.workspace.hidden,
      ...(network !== undefined && { network }),
      timeoutMs,
    }
    if (run_in_background === true)
      return startInBackground(ctx, command, () => Promise.resolve(inBackground(request, { cwd, timeoutMs })))
    const outcome = await runner.run(request, ctx.signal)
    return outputOf(outcome, Math.round(performance.now() - started), { cwd, timeoutMs })
  },
  renderToolUseMessage: ({ command }) => `$ ${command}`,
  renderToolResultMessage: (output) =>
    `exit ${typeof output.structured?.exitCode === 'number' ? output.structured.exitCode : '?'}`,
})

/** Runs a request in the background: the engine gives its output once it ends. */
function inBackground(
  request: Parameters<ShellRunner['run']>[0],
  call: { readonly cwd: string; readonly timeoutMs: number },
): StartedCommand {
  const controller = new AbortController()
  const started = performance.now()
  const exit = runner.run(request, controller.signal).then((outcome) => {
    try {
      const { content, structured } = outputOf(outcome, Math.round(performance.now() - started), call)
      return { exitCode: Number(structured?.exitCode), output: content.replace(/^Exit code: .*\n/, '') }
    } catch (error) {
      return { note: error instanceof Error ? error.message : String(error) }
    }
  })
  return { exit, kill: () => controller.abort() }
}

/** The tool's output for how a run ended, or the ToolError that says why it did not finish. */
function outputOf(
  outcome: RunOutcome,
  durationMs: number,
  call: { readonly cwd: string; readonly timeoutMs: number },
): ToolOutput {
  switch (outcome.status) {
    case 'finished': {
      const reply = outcome.reply
      if (!reply.ok) throw failure(reply, call.cwd)
      const text = formatShellResult(reply.exitCode, cleanShellOutput(reply.stdout + reply.stderr))
      const structured = {
        exitCode: reply.exitCode,
        stdoutBytes: Buffer.byteLength(reply.stdout),
        stderrBytes: Buffer.byteLength(reply.stderr),
        durationMs,
        truncated: text.length > SHELL_INLINE_CHAR_LIMIT,
      }
      return { content: text, structured }
    }
    case 'timeout': {
      const message = fillText(texts.timeout, { limit: formatDuration(call.timeoutMs) })
      const partial = outcome.reply?.ok === true ? cleanShellOutput(outcome.reply.stdout) : ''
      // The error text is all the model gets, so the output so far is cut to the inline limit here.
      throw new ToolError(
        'shell.timeout',
        partial === '' ? message : shellOutputText(`${message}\n\n${texts.timeoutOutput}\n${partial}`),
        { durationMs },
      )
    }
    case 'cancelled':
      throw new ToolError('shell.cancelled', texts.cancelled, { durationMs })
    case 'crashed':
      if (outcome.outOfMemory) throw new ToolError('shell.sandbox_error', texts.outOfMemory, { durationMs })
      throw new ToolError('shell.sandbox_error', fillText(texts.sandboxError, { detail: outcome.detail }), {
        durationMs,
      })
  }
}

function failure(reply: Extract<EngineReply, { ok: false }>, cwd: string): ToolError {
  if (reply.kind === 'workdir') return new ToolError('shell.invalid_workdir', fillText(texts.workdir, { path: cwd }))
  return new ToolError('shell.sandbox_error', fillText(texts.sandboxError, { detail: reply.message }))
}

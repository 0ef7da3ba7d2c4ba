import { z } from 'zod'
import { ToolError } from '../../../core/tool-error.js'
import type { ToolId } from '../../../core/tool-id.js'
import { collectOutput, type CollectedRun } from '../../../sandbox/collect-output.js'
import { sandboxSupport } from '../../../sandbox/detect-sandbox.js'
import { startSandboxed, type SandboxedProcess } from '../../../sandbox/run-sandboxed.js'
import { sharedNetwork } from '../../../sandbox/shared-network.js'
import { fillText, loadText, loadTexts } from '../../../text/model-text.js'
import { formatBytes } from '../../../text/quantities.js'
import { defineTool, type ToolCallContext, type ToolOutput } from '../../../tool/define-tool.js'
import { startInBackground } from '../../background/background-start.js'
import { backgroundToolIds } from '../../background/background-texts.js'
import {
  cleanShellOutput,
  formatShellResult,
  SHELL_INLINE_CHAR_LIMIT,
  shellOutputText,
  formatDuration,
} from '../../workspace/shell/shell-output.js'
import { sandboxForCall } from './sandbox-for-call.js'
import { trackChanges, type ChangeReport } from './track-changes.js'

/** Time a call may run when it gives no `timeout_ms`. */
export const SYSTEM_SHELL_DEFAULT_TIMEOUT_MS = 120_000
/** The largest `timeout_ms` a call may give. */
export const SYSTEM_SHELL_MAX_TIMEOUT_MS = 600_000
/** Output a call may write before it is stopped. */
export const SYSTEM_SHELL_OUTPUT_LIMIT_BYTES = 10 * 1024 * 1024

const shared = (name: string) => loadText(import.meta.url, `../../workspace/shell/texts/${name}.txt`)
const texts = {
  ...loadTexts(import.meta.url, ['outputLimit', 'refusedHosts', 'unavailable', 'sandboxFailed'] as const),
  timeout: shared('timeout'),
  timeoutOutput: shared('timeout-output'),
  cancelled: shared('cancelled'),
}
const description = loadText(import.meta.url, 'system-shell.description.md')

const inputSchema = z.object({
  command: z.string().min(1).max(1_000_000).describe('The bash command to run, e.g. npm test 2>&1 | tail -30'),
  workdir: z.string().optional().describe('Directory to start in, a workspace path; default the workspace root.'),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(SYSTEM_SHELL_MAX_TIMEOUT_MS)
    .optional()
    .describe(
      `Time limit in milliseconds; default ${SYSTEM_SHELL_DEFAULT_TIMEOUT_MS}, at most ${SYSTEM_SHELL_MAX_TIMEOUT_MS}.`,
    ),
  run_in_background: z
    .boolean()
    .optional()
    .describe('Start it and return at once with a task id (for servers and long jobs); no time limit then.'),
})

/**
 * `system.shell`: runs a bash command with the host's real programs in a bubblewrap sandbox (see
 * `startSandboxed`): the workspace read-write, the system read-only, secrets and toolhost's data
 * hidden, no network but the profile's allowed domains through the host's proxy, everything the
 * command starts killed with it, and the profile's CPU and memory limits. Offered only where the
 * sandbox works (`toolhost doctor` says why not). Permission rules are those of
 * `workspace.shell` (`builtin:system.shell(npm test *)`).
 *
 * The content is `Exit code: N`, the output, then the workspace files the command changed; the
 * full diff is in `structured.changes.patch` for people. Structured: `{ exitCode, outputBytes,
 * durationMs, truncated, changes?, refusedHosts? }`.
 */
export const systemShellTool = defineTool({
  name: 'system.shell',
  description: (ctx) =>
    fillText(description, {
      timeout: SYSTEM_SHELL_DEFAULT_TIMEOUT_MS / 1000,
      output: ctx.alias(backgroundToolIds.output),
      kill: ctx.alias(backgroundToolIds.kill),
    }),
  inputSchema,
  annotations: { readOnly: false, destructive: true, openWorld: true },
  timeoutMs: SYSTEM_SHELL_MAX_TIMEOUT_MS + 30_000,
  inlineCharLimit: SHELL_INLINE_CHAR_LIMIT,
  previewExternalized: (text, path) => shellOutputText(text, SHELL_INLINE_CHAR_LIMIT, path),
  resources: () => [{ kind: 'workspace', access: 'write' }],
  permissionSubject: ({ command }) => ({ kind: 'command', command }),
  call: async (input, ctx) => {
    const support = await sandboxSupport()
    if (!support.available)
      throw new ToolError(
        'shell.sandbox_unavailable',
        fillText(texts.unavailable, { reason: support.reason, shell: ctx.alias('builtin:workspace.shell' as ToolId) }),
      )
    const sandbox = await sandboxForCall(ctx, input.workdir)
    // The commands of a run share one network namespace: a server started in the background is reachable from the next call.
    const shared =
      ctx.hostDirs === undefined ? undefined : await sharedNetwork(ctx.hostDirs.runDir, support.bwrap, sandbox.network)
    const start = (): Promise<SandboxedProcess> =>
      startSandboxed(sandbox.policy, ['/bin/bash', '--noprofile', '--norc', '-c', input.command], {
        bwrap: support.bwrap,
        hide: sandbox.hide,
        ...(sandbox.network !== undefined && { network: sandbox.network }),
        ...(shared !== undefined && { sharedNetwork: shared }),
      })
    if (input.run_in_background === true)
      return startInBackground(ctx, input.command, async () => {
        const run = await start()
        return { output: run.output, exit: run.exit.then((exit) => exitOf(exit)), kill: () => run.kill() }
      })
    return runInForeground(ctx, start, input.timeout_ms ?? SYSTEM_SHELL_DEFAULT_TIMEOUT_MS, sandbox.root)
  },
  renderToolUseMessage: ({ command, run_in_background: background }) =>
    `$ ${command}${background === true ? ' &' : ''}`,
  renderToolResultMessage: (output) =>
    typeof output.structured?.taskId === 'string'
      ? `started ${output.structured.taskId}`
      : `exit ${typeof output.structured?.exitCode === 'number' ? output.structured.exitCode : '?'}`,
})

function exitOf(exit: { readonly exitCode: number; readonly sandboxError?: string }): {
  exitCode?: number
  note?: string
} {
  return exit.sandboxError === undefined
    ? { exitCode: exit.exitCode }
    : { note: `the sandbox failed: ${exit.sandboxError}` }
}

async function runInForeground(
  ctx: ToolCallContext,
  start: () => Promise<SandboxedProcess>,
  timeoutMs: number,
  root: string | undefined,
): Promise<ToolOutput> {
  const started = performance.now()
  const changes = root === undefined ? undefined : await trackChanges(ctx, root)
  const run = await start()
  // A run's shared proxy lists the whole run's requests; this call's come after these.
  const earlier = run.networkRequests().length
  const collected = await collectOutput(run, {
    timeoutMs,
    signal: ctx.signal,
    maxOutputBytes: SYSTEM_SHELL_OUTPUT_LIMIT_BYTES,
  })
  const report = await changes?.finish()
  const durationMs = Math.round(performance.now() - started)
  const refusedHosts = [
    ...new Set(
      run
        .networkRequests()
        .slice(earlier)
        .filter((request) => !request.allowed)
        .map((request) => request.host),
    ),
  ]
  return outputOf(collected, { durationMs, timeoutMs, refusedHosts, report })
}

function outputOf(
  collected: CollectedRun,
  call: {
    readonly durationMs: number
    readonly timeoutMs: number
    readonly refusedHosts: readonly string[]
    readonly report: ChangeReport | undefined
  },
): ToolOutput {
  const output = cleanShellOutput(new TextDecoder().decode(collected.output))
  const notes = [
    ...(call.report === undefined || call.report.summary === '' ? [] : [call.report.summary]),
    ...(call.refusedHosts.length === 0 ? [] : [fillText(texts.refusedHosts, { hosts: call.refusedHosts.join(', ') })]),
  ]
  const structured = {
    durationMs: call.durationMs,
    outputBytes: collected.output.length,
    ...(call.report !== undefined && { changes: call.report.structured }),
    ...(call.refusedHosts.length > 0 && { refusedHosts: call.refusedHosts }),
  }
  switch (collected.status) {
    case 'exited': {
      if (collected.sandboxError !== undefined)
        throw new ToolError(
          'shell.sandbox_error',
          fillText(texts.sandboxFailed, { detail: collected.sandboxError }),
          structured,
        )
      const text = [formatShellResult(collected.exitCode, output), ...notes].join('\n\n')
      return {
        content: text,
        structured: { exitCode: collected.exitCode, ...structured, truncated: text.length > SHELL_INLINE_CHAR_LIMIT },
      }
    }
    case 'timeout': {
      const message = fillText(texts.timeout, { limit: formatDuration(call.timeoutMs) })
      const body = output === '' ? message : `${message}\n\n${texts.timeoutOutput}\n${output}`
      throw new ToolError('shell.timeout', shellOutputText([body, ...notes].join('\n\n')), structured)
    }
    case 'output_limit': {
      const message = fillText(texts.outputLimit, { limit: formatBytes(SYSTEM_SHELL_OUTPUT_LIMIT_BYTES) })
      throw new ToolError(
        'shell.output_limit',
        shellOutputText([`${message}\n\n${output}`, ...notes].join('\n\n')),
        structured,
      )
    }
    case 'cancelled':
      throw new ToolError('shell.cancelled', texts.cancelled, structured)
  }
}

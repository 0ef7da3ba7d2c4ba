import { z } from 'zod'
import { ToolError } from '../../core/tool-error.js'
import type { ToolId } from '../../core/tool-id.js'
import { sandboxSupport } from '../../sandbox/detect-sandbox.js'
import { findExecutable } from '../../spawn/find-executable.js'
import { fillText, loadText, loadTexts } from '../../text/model-text.js'
import { formatBytes } from '../../text/quantities.js'
import { defineTool, type ToolCallContext, type ToolOutput } from '../../tool/define-tool.js'
import { cleanShellOutput } from '../workspace/shell/shell-output.js'
import type { CallOutput } from './repl-reader.js'
import { replProcessStarter } from './repl-process.js'
import type { ReplOutcome } from './repl-session.js'
import { evaluateIn, replKey, REPL_OUTPUT_LIMIT_BYTES, type ReplLanguage } from './repl-sessions.js'

/** Time a call may run when it gives no `timeout_ms`. */
export const REPL_DEFAULT_TIMEOUT_MS = 30_000
/** The largest `timeout_ms` a call may give. */
export const REPL_MAX_TIMEOUT_MS = 300_000

const texts = loadTexts(import.meta.url, [
  'outsideRun',
  'sandboxUnavailable',
  'noPython',
  'error',
  'timeout',
  'cancelled',
  'processEnded',
  'killed',
  'exited',
  'sandboxFailed',
  'outputCut',
  'outputSoFar',
] as const)
const description = loadText(import.meta.url, 'run.description.md')

/** The ids of the tools the texts name. */
export const replToolIds = {
  run: 'builtin:repl.run' as ToolId,
  reset: 'builtin:repl.reset' as ToolId,
  shell: 'builtin:system.shell' as ToolId,
}

const inputSchema = z.object({
  language: z.enum(['javascript', 'python']).describe('The REPL to run the code in.'),
  code: z
    .string()
    .min(1)
    .max(1_000_000)
    .describe('Code to run, one or more statements; a final expression is shown, e.g. import math\\nmath.pi'),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(REPL_MAX_TIMEOUT_MS)
    .optional()
    .describe(`Time limit in milliseconds; default ${REPL_DEFAULT_TIMEOUT_MS}, at most ${REPL_MAX_TIMEOUT_MS}.`),
})

/**
 * `repl.run`: runs code in a JavaScript or Python REPL that keeps its state for the run, one
 * long-lived process per run and language in the same bubblewrap sandbox as `system.shell`
 * (workspace read-write, system read-only, hidden paths, limits, the run's network). Needs a run
 * (`ctx.hostDirs`); offered only where the sandbox works.
 *
 * The content is the printed output, then the value of a final expression. An exception is an
 * error result `repl.error` with the traceback (the state is kept); a time-out (`repl.timeout`),
 * an abort (`repl.cancelled`) or the process ending (`repl.process_ended`) lose the state.
 * Structured: `{ language, value?, outputBytes, outputCut, durationMs }`.
 */
export const replRunTool = defineTool({
  name: 'repl.run',
  description: (ctx) =>
    fillText(description, {
      reset: ctx.alias(replToolIds.reset),
      shell: ctx.alias(replToolIds.shell),
      timeout: REPL_DEFAULT_TIMEOUT_MS / 1000,
      max: REPL_MAX_TIMEOUT_MS,
      output: formatBytes(REPL_OUTPUT_LIMIT_BYTES),
    }),
  inputSchema,
  annotations: { readOnly: false, destructive: true, openWorld: true },
  timeoutMs: REPL_MAX_TIMEOUT_MS + 30_000,
  resources: () => [{ kind: 'workspace', access: 'write' }],
  call: async (input, ctx) => {
    const runDir = ctx.hostDirs?.runDir
    if (runDir === undefined)
      throw new ToolError('repl.unavailable', fillText(texts.outsideRun, { shell: ctx.alias(replToolIds.shell) }))
    const support = await sandboxSupport()
    if (!support.available)
      throw new ToolError('repl.unavailable', fillText(texts.sandboxUnavailable, { reason: support.reason }))
    const python = input.language === 'python' ? findExecutable('python3', process.env.PATH) : undefined
    if (input.language === 'python' && python === undefined) throw new ToolError('repl.unavailable', texts.noPython)
    const start = replProcessStarter(ctx, support.bwrap, input.language, python)
    const timeoutMs = input.timeout_ms ?? REPL_DEFAULT_TIMEOUT_MS
    const started = performance.now()
    const outcome = await evaluateIn(replKey(runDir, input.language), start, input.code, {
      timeoutMs,
      signal: ctx.signal,
    })
    return resultOf(outcome, {
      ctx,
      language: input.language,
      timeoutMs,
      durationMs: Math.round(performance.now() - started),
    })
  },
  renderToolUseMessage: ({ language, code }) => `${language}> ${code.split('\n', 1)[0] ?? ''}`,
  renderToolResultMessage: (output) =>
    typeof output.structured?.value === 'string' ? output.structured.value.slice(0, 80) : 'done',
})

function resultOf(
  outcome: ReplOutcome,
  call: {
    readonly ctx: ToolCallContext
    readonly language: ReplLanguage
    readonly timeoutMs: number
    readonly durationMs: number
  },
): ToolOutput {
  const output = outputText(outcome.output)
  const structured = {
    language: call.language,
    outputBytes: outcome.output.bytes,
    outputCut: outcome.output.cut,
    durationMs: call.durationMs,
  }
  switch (outcome.kind) {
    case 'done': {
      if (outcome.error !== undefined)
        throw new ToolError(
          'repl.error',
          [output.replace(/\n+$/, ''), outcome.error.replace(/\n+$/, ''), texts.error]
            .filter((part) => part !== '')
            .join('\n\n'),
          structured,
        )
      const value = outcome.value === undefined ? '' : cleanShellOutput(outcome.value)
      const joiner = output === '' || output.endsWith('\n') ? '' : '\n'
      const content = output === '' && value === '' ? '(no output)' : `${output}${value === '' ? '' : joiner + value}`
      return {
        content,
        structured: { ...structured, ...(outcome.value !== undefined && { value: outcome.value }) },
      }
    }
    case 'timeout': {
      const message = fillText(texts.timeout, {
        limit: formatDuration(call.timeoutMs),
        language: call.language,
        max: REPL_MAX_TIMEOUT_MS,
      })
      throw new ToolError('repl.timeout', withOutput(message, output), structured)
    }
    case 'cancelled':
      throw new ToolError('repl.cancelled', texts.cancelled, structured)
    case 'ended': {
      const { exitCode, sandboxError } = outcome.exit
      const how =
        sandboxError !== undefined
          ? fillText(texts.sandboxFailed, { detail: sandboxError })
          : exitCode > 128
            ? fillText(texts.killed, { code: exitCode, memory: call.ctx.profile.sandbox.memoryMb })
            : fillText(texts.exited, { code: exitCode })
      const message = fillText(texts.processEnded, { language: call.language, how })
      throw new ToolError('repl.process_ended', withOutput(message, output), structured)
    }
  }
}

/** The call's output as the model reads it, with a note when it was cut. */
function outputText(output: CallOutput): string {
  const text = cleanShellOutput(output.text)
  if (!output.cut) return text
  const note = fillText(texts.outputCut, {
    total: formatBytes(output.bytes),
    limit: formatBytes(REPL_OUTPUT_LIMIT_BYTES),
  })
  return `${text}${text.endsWith('\n') ? '' : '\n'}${note}\n`
}

function withOutput(message: string, output: string): string {
  return output === '' ? message : `${message}\n\n${texts.outputSoFar}\n${output}`
}

function formatDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

import { isAbsolute, resolve } from 'node:path'
import type { HostResolver } from '../net/resolve-host.js'
import type { SpawnTracker } from '../spawn/spawn-tracker.js'
import type { ToolCallContext, ToolOutput } from '../tool/define-tool.js'
import { ToolError } from '../core/tool-error.js'
import { performDb } from './db-operation.js'
import { performHttp } from './http-operation.js'
import { parseReply, type ProcessReply } from './parse-reply.js'
import { crashedError, outputTooLargeError, processError, processTexts, type RoundRecord } from './process-errors.js'
import { processEnv, type HostEnv } from './process-env.js'
import { processLimits, totalTimeMs, type ProcessToolSpec } from './process-spec.js'
import { spawnRound, type RoundOutcome } from './spawn-round.js'
import { expandAllowList } from './spec-runtime-fields.js'

/** What a host may set for the process tools it loads. */
export interface ProcessToolOptions {
  /** The host environment `env.pass` copies from (and PATH, HOME, LANG, TZ); `process.env` when omitted. */
  readonly hostEnv?: HostEnv
  /** Name resolution for HTTP requests; the system resolver when omitted. */
  readonly resolve?: HostResolver
  /** Tracks the running processes of calls, so that the owner can kill them when it closes. */
  readonly spawns?: SpawnTracker
}

/**
 * Runs one call of a process tool: the protocol loop. Each round spawns the spec's command with one
 * JSON request line on stdin — `{ arguments, round, response?, state? }` — and reads one JSON line
 * from stdout: a `result` ends the call, an `error` ends it with `process.tool_error`, an `http` or
 * `db` operation is performed by the host and its outcome becomes `response` of the next round. At
 * most {@link processLimits.maxRounds} rounds; each spawn has the spec's timeout and the call a total
 * of {@link totalTimeMs}. Every way a process can misbehave ends in a `ToolError` (`process.*`)
 * whose details keep the round's record (stderr, exit, duration) for the audit, and no process of
 * the call is left running.
 */
export async function runProcessTool(
  spec: ProcessToolSpec,
  toolId: string,
  input: Record<string, unknown>,
  ctx: ToolCallContext,
  options: ProcessToolOptions = {},
): Promise<ToolOutput> {
  const totalMs = totalTimeMs(spec)
  const started = performance.now()
  const deadline = AbortSignal.timeout(totalMs)
  const signal = AbortSignal.any([ctx.signal, deadline])
  const remainingMs = () => Math.max(0, totalMs - (performance.now() - started))
  const env = processEnv(spec, options.hostEnv ?? process.env)
  const allow = expandAllowList(spec.httpAllow, env)
  const [program = '', ...args] = spec.command
  // A program with a `/` is relative to the spec; a bare name is found on the tool's PATH.
  const command: [string, ...string[]] = [
    program.includes('/') && !isAbsolute(program) ? resolve(spec.directory, program) : program,
    ...args,
  ]

  let carried: { response?: unknown; state?: unknown } = {}
  for (let round = 1; round <= processLimits.maxRounds; round++) {
    const request = `${JSON.stringify({ arguments: input, round, ...carried })}\n`
    const outcome = await spawnRound({
      command,
      cwd: spec.directory,
      env,
      input: request,
      timeoutMs: Math.max(1, Math.min(spec.timeoutMs, remainingMs())),
      signal,
      maxStdoutBytes: processLimits.maxStdoutBytes,
      maxStderrBytes: processLimits.maxStderrBytes,
      killGraceMs: processLimits.killGraceMs,
      ...(options.spawns !== undefined && { tracker: options.spawns }),
    })
    const record: RoundRecord = { toolId, round, ...traceOf(outcome) }
    const reply = replyOf(outcome, record, () => stopReason(ctx.signal, deadline, remainingMs()), spec, totalMs)
    try {
      switch (reply.type) {
        case 'result':
          return reply.structured === undefined
            ? { content: reply.content }
            : { content: reply.content, structured: reply.structured }
        case 'error':
          throw new ToolError('process.tool_error', reply.message, { ...record })
        case 'http': {
          const response = await performHttp(reply.request, {
            toolId,
            risk: spec.risk,
            allow,
            ctx,
            signal,
            remainingMs: remainingMs(),
            record,
            ...(options.resolve !== undefined && { resolve: options.resolve }),
          })
          carried = { response, ...('state' in reply && { state: reply.state }) }
          break
        }
        case 'db': {
          const response = await performDb(reply.request, { toolId, risk: spec.risk, ctx, signal, record })
          carried = { response, ...('state' in reply && { state: reply.state }) }
          break
        }
      }
    } catch (error) {
      // An operation cut short by cancellation or the call's time limit is reported as such.
      if (!(error instanceof ToolError) && signal.aborted)
        throw stoppedError(stopReason(ctx.signal, deadline, remainingMs()), record, spec, totalMs)
      throw error
    }
    if (signal.aborted) throw stoppedError(stopReason(ctx.signal, deadline, remainingMs()), record, spec, totalMs)
  }
  const record = { toolId, round: processLimits.maxRounds }
  throw processError('process.too_many_rounds', processTexts.tooManyRounds, { limit: processLimits.maxRounds }, record)
}

type StopReason = 'cancelled' | 'total' | 'round'

function stopReason(callSignal: AbortSignal, deadline: AbortSignal, remainingMs: number): StopReason {
  if (callSignal.aborted) return 'cancelled'
  return deadline.aborted || remainingMs <= 0 ? 'total' : 'round'
}

/** The reply of a round that ended with output, or the error for how else it ended. */
function replyOf(
  outcome: RoundOutcome,
  record: RoundRecord,
  why: () => StopReason,
  spec: ProcessToolSpec,
  totalMs: number,
): ProcessReply {
  switch (outcome.kind) {
    case 'spawn_failed':
      throw processError(
        'process.spawn_failed',
        processTexts.spawnFailed,
        { reason: outcome.message },
        { ...record, command: spec.command },
      )
    case 'too_large':
      throw outputTooLargeError(record)
    case 'timeout':
    case 'aborted':
      throw stoppedError(why(), record, spec, totalMs)
    case 'exited': {
      const parsed = parseReply(outcome.stdout)
      if (parsed.ok) return parsed.reply
      const withOutput = { ...record, stdout: outcome.stdout.slice(0, 2000) }
      // A process that failed without answering crashed; one that exited cleanly printed something wrong.
      if (outcome.exitCode !== 0)
        throw crashedError(
          outcome.exitSignal === null ? `exit code ${outcome.exitCode}` : `killed by ${outcome.exitSignal}`,
          withOutput,
        )
      throw processError(
        'process.bad_output',
        processTexts.badOutput,
        { round: record.round, problem: parsed.problem },
        withOutput,
      )
    }
  }
}

function stoppedError(why: StopReason, record: RoundRecord, spec: ProcessToolSpec, totalMs: number): ToolError {
  if (why === 'cancelled') return processError('process.cancelled', processTexts.cancelled, {}, record)
  if (why === 'total')
    return processError(
      'process.timeout',
      processTexts.timeoutTotal,
      { seconds: totalMs / 1000, round: record.round },
      record,
    )
  return processError(
    'process.timeout',
    processTexts.timeoutRound,
    { seconds: spec.timeoutMs / 1000, round: record.round },
    record,
  )
}

function traceOf(outcome: RoundOutcome): Partial<RoundRecord> {
  if (outcome.kind === 'spawn_failed') return {}
  const exit = outcome.kind === 'exited' ? { exitCode: outcome.exitCode, exitSignal: outcome.exitSignal } : {}
  return { stderr: outcome.stderr, stderrTruncated: outcome.stderrTruncated, durationMs: outcome.durationMs, ...exit }
}

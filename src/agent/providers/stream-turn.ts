import type {
  LanguageModelV4,
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolChoice,
  LanguageModelV4Usage,
  SharedV4ProviderMetadata,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider'
import type { ProviderMetadata, ReasoningPart, TranscriptCall } from '../../store/transcript.js'
import { abortError, abortPromise, isAborted } from './abort-error.js'
import { defaultStreamIdleTimeoutSec, IdleWatchdog } from './idle-watchdog.js'
import { ModelStreamError } from './model-stream-error.js'
import { responsesStorage } from './responses-storage.js'
import type { ModelStreamEvent, ModelTurn, ModelUsage } from './model-turn.js'

/** One model turn to stream. */
export interface StreamTurnRequest {
  readonly prompt: LanguageModelV4Prompt
  readonly tools: LanguageModelV4FunctionTool[]
  readonly toolChoice?: LanguageModelV4ToolChoice
  readonly signal?: AbortSignal
  readonly maxOutputTokens?: number
  /**
   * Provider-specific settings, e.g. `{ anthropic: { thinking: { type: 'enabled', budgetTokens: 4000 } } }`.
   * On the OpenAI Responses API `openai.store` defaults to false (see {@link responsesStorage}).
   */
  readonly providerOptions?: SharedV4ProviderOptions
  /**
   * How long the model may stay silent, in milliseconds: before its response begins and between
   * two parts of its stream (keep-alive events count as parts). Default 120 s.
   */
  readonly idleTimeoutMs?: number
  /** Receives the call's progress, text and reasoning deltas and tool calls as they arrive. */
  readonly onEvent?: (event: ModelStreamEvent) => void
}

/**
 * Streams one model turn through `model.doStream` and reads every part.
 *
 * - text and reasoning deltas, tool call starts and finished tool calls go to `onEvent` as they come
 * - client tool calls (not `providerExecuted`) are collected in order as {@link TranscriptCall}s,
 *   with `rawArguments` = the part's `input` exactly as received
 * - the turn's text, reasoning, unified finish reason and input/output token totals are returned
 * - `model-call` events tell when the request is sent, when its response begins and when it ended
 *
 * @throws ModelStreamError on an `error` part (the provider's error is the `cause`) or when the
 *   stream ends without `finish` (retryable); errors of `doStream` itself (APICallError…) as thrown.
 * @throws ModelTimeoutError (retryable) when the model sends nothing for `idleTimeoutMs`.
 * @throws an `AbortError` (DOMException) promptly when `signal` aborts.
 *
 * @example
 * const turn = await streamTurn(model, { prompt, tools: modelTools(inv.offered, protocol), onEvent: (e) => e.type === 'text-delta' && process.stdout.write(e.delta) })
 */
export async function streamTurn(model: LanguageModelV4, request: StreamTurnRequest): Promise<ModelTurn> {
  const { signal, onEvent } = request
  if (isAborted(signal)) throw abortError(signal)
  const abort = abortPromise(signal)
  const watchdog = new IdleWatchdog(request.idleTimeoutMs ?? defaultStreamIdleTimeoutSec * 1000)
  const stopped = Promise.race([abort.promise, watchdog.expired])
  stopped.catch(() => {})
  onEvent?.({ type: 'model-call', phase: 'sent' })
  try {
    const { stream } = await Promise.race([
      model.doStream({
        prompt: request.prompt,
        // No tools: neither tools nor a tool choice is sent (some servers refuse a choice without tools).
        ...(request.tools.length > 0 && {
          tools: request.tools,
          ...(request.toolChoice !== undefined && { toolChoice: request.toolChoice }),
        }),
        ...(request.maxOutputTokens !== undefined && { maxOutputTokens: request.maxOutputTokens }),
        ...providerOptionsOf(model, request.providerOptions),
        abortSignal: signal === undefined ? watchdog.signal : AbortSignal.any([signal, watchdog.signal]),
        // Raw chunks are every event the server sends (pings too): each one shows the stream is alive.
        includeRawChunks: true,
      }),
      stopped,
    ])
    watchdog.responding()
    onEvent?.({ type: 'model-call', phase: 'responding' })
    return await readTurn(stream, stopped, () => watchdog.touch(), onEvent)
  } catch (error) {
    if (isAborted(signal)) throw abortError(signal)
    // The provider may report the watchdog's abort as its own error.
    if (watchdog.error !== undefined) throw watchdog.error
    throw error
  } finally {
    watchdog.dispose()
    abort.dispose()
    onEvent?.({ type: 'model-call', phase: 'ended' })
  }
}

/** The request's provider options, with the Responses API's storage default (see {@link responsesStorage}). */
function providerOptionsOf(
  model: LanguageModelV4,
  given: SharedV4ProviderOptions | undefined,
): { providerOptions?: SharedV4ProviderOptions } {
  const providerOptions = responsesStorage(model, given)
  return providerOptions === undefined ? {} : { providerOptions }
}

async function readTurn(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  stopped: Promise<never>,
  alive: () => void,
  onEvent?: (event: ModelStreamEvent) => void,
): Promise<ModelTurn> {
  const reader = stream.getReader()
  const calls: TranscriptCall[] = []
  let text = ''
  let reasoning = ''
  // Reasoning blocks by id, in order of their start; providers attach signatures to start, delta or end.
  const blocks = new Map<string, { text: string; metadata?: ProviderMetadata }>()
  const block = (id: string) => {
    let found = blocks.get(id)
    if (found === undefined) blocks.set(id, (found = { text: '' }))
    return found
  }
  const attach = (id: string, metadata: SharedV4ProviderMetadata | undefined) => {
    if (metadata === undefined) return
    const target = block(id)
    target.metadata = mergeMetadata(target.metadata, metadata)
  }
  let finish: { finishReason: string; usage: ModelUsage } | undefined
  try {
    for (;;) {
      const { done, value: part } = await Promise.race([reader.read(), stopped])
      if (done) break
      alive()
      switch (part.type) {
        case 'text-delta':
          text += part.delta
          onEvent?.({ type: 'text-delta', delta: part.delta })
          break
        case 'reasoning-start':
        case 'reasoning-end':
          block(part.id)
          attach(part.id, part.providerMetadata)
          break
        case 'reasoning-delta':
          reasoning += part.delta
          block(part.id).text += part.delta
          attach(part.id, part.providerMetadata)
          if (part.delta !== '') onEvent?.({ type: 'reasoning-delta', delta: part.delta })
          break
        case 'tool-input-start':
          if (part.providerExecuted !== true)
            onEvent?.({ type: 'tool-call-start', callId: part.id, name: part.toolName })
          break
        case 'tool-call':
          if (part.providerExecuted !== true) {
            const call: TranscriptCall = {
              callId: part.toolCallId,
              name: part.toolName,
              rawArguments: part.input,
              ...(part.providerMetadata !== undefined && { metadata: mergeMetadata(undefined, part.providerMetadata) }),
            }
            calls.push(call)
            onEvent?.({ type: 'tool-call', call })
          }
          break
        case 'error':
          throw new ModelStreamError(`the model stream failed: ${errorText(part.error)}`, {
            cause: part.error,
            retryable: isRetryableCause(part.error),
          })
        case 'finish':
          finish = { finishReason: part.finishReason.unified, usage: usageOf(part.usage) }
          break
        default:
          break
      }
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    throw error
  } finally {
    reader.releaseLock()
  }
  if (finish === undefined)
    throw new ModelStreamError('the model stream ended without a finish (cut off)', { retryable: true })
  const reasoningParts: ReasoningPart[] = [...blocks.values()].map((b) => ({
    text: b.text,
    ...(b.metadata !== undefined && { metadata: b.metadata }),
  }))
  return { text, reasoning, reasoningParts, calls, ...finish }
}

/** Provider metadata as plain JSON objects, later keys winning. */
function mergeMetadata(into: ProviderMetadata | undefined, metadata: SharedV4ProviderMetadata): ProviderMetadata {
  const merged: Record<string, Record<string, unknown>> = { ...into }
  for (const [provider, values] of Object.entries(metadata)) merged[provider] = { ...merged[provider], ...values }
  return merged
}

function usageOf(usage: LanguageModelV4Usage): ModelUsage {
  const result: { inputTokens?: number; outputTokens?: number } = {}
  if (usage.inputTokens.total !== undefined) result.inputTokens = usage.inputTokens.total
  if (usage.outputTokens.total !== undefined) result.outputTokens = usage.outputTokens.total
  return result
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message
  if (typeof error === 'string') return error
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/** Retryable when the provider says so, or when it reports the stream cut off before its finish. */
function isRetryableCause(error: unknown): boolean {
  if (typeof error === 'object' && error !== null && 'isRetryable' in error && error.isRetryable === true) return true
  return /ended without a finish/i.test(errorText(error))
}

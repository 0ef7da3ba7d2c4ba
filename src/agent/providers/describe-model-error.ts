import { APICallError } from '@ai-sdk/provider'
import { isAbortError } from './abort-error.js'
import { ModelConfigError } from './model-config-error.js'
import { isModelProvider } from './model-spec.js'
import { ModelStreamError } from './model-stream-error.js'
import { ModelTimeoutError } from './model-timeout-error.js'
import { causes, networkCode } from './network-error.js'
import { providerRules } from './resolve-model.js'

/** What the caller knows about the model that failed, for a more useful line. */
export interface ModelErrorContext {
  /** The model string (`provider:model`), to name the key variable and the model. */
  readonly spec?: string
  /** The base URL the model was resolved with. */
  readonly baseUrl?: string
}

const longestDetail = 300

const contextTooLong =
  /context[_ ]length|context window|maximum context|prompt is too long|too many tokens|input is too long|exceeds the (maximum|max)|token count.*exceeds|reduce the length/i

/**
 * One line for people about a failed model call: a missing or refused key (401/403), an endpoint
 * that cannot be reached ("cannot reach <baseURL>: is the server running?"), an unknown model
 * (404), a rate limit (429), a conversation longer than the context window, a provider failure,
 * a model that went silent (`agent.streamIdleTimeoutSec`); otherwise the error's own first line. Used by the CLI and retry reports.
 *
 * @example
 * catch (error) { console.error(describeModelError(error, { spec: 'anthropic:claude-sonnet-4-5' })) }
 */
export function describeModelError(error: unknown, context: ModelErrorContext = {}): string {
  return oneLine(describe(error, context))
}

function describe(error: unknown, context: ModelErrorContext): string {
  if (error instanceof ModelConfigError) return error.message
  if (isAbortError(error)) return 'the model request was aborted'
  if (error instanceof ModelTimeoutError) {
    const where = context.baseUrl ?? 'the model'
    const when = error.phase === 'first-byte' ? 'after the request was sent' : 'in the middle of its answer'
    return `no answer from ${where} for ${error.seconds} s ${when}: is the server overloaded or stuck? (a slow model may need a larger agent.streamIdleTimeoutSec)`
  }
  const code = networkCode(error)
  const api = causes(error).find((entry) => APICallError.isInstance(entry))
  if (code !== undefined && (api === undefined || api.statusCode === undefined)) {
    const where = context.baseUrl ?? originOf(api?.url) ?? 'the model endpoint'
    return `cannot reach ${where}: is the server running? (${code})`
  }
  if (api !== undefined) return describeApiError(api, context)
  if (error instanceof ModelStreamError) {
    const cause = error.cause
    const detail = cause === undefined ? undefined : messageOf(cause)
    if (detail !== undefined && contextTooLong.test(detail))
      return `the conversation is longer than the model's context window: ${cut(detail)}`
    return cut(error.message)
  }
  const message = messageOf(error) ?? 'unknown error'
  if (contextTooLong.test(message)) return `the conversation is longer than the model's context window: ${cut(message)}`
  return `model call failed: ${cut(message)}`
}

function describeApiError(error: APICallError, context: ModelErrorContext): string {
  const status = error.statusCode
  const detail = cut(providerMessage(error))
  const model = modelOf(context.spec)
  if (status === 401 || status === 403) {
    const keyHint = keyHintOf(context.spec)
    return `the provider refused the API key (HTTP ${status})${keyHint}: ${detail}`
  }
  if (status === 404) {
    const what = model === undefined ? 'the model or endpoint was not found' : `model "${model}" was not found`
    return `${what} (HTTP 404) at ${context.baseUrl ?? originOf(error.url) ?? 'the endpoint'}: check the model id and base URL: ${detail}`
  }
  if (contextTooLong.test(detail) || contextTooLong.test(error.responseBody ?? '')) {
    return `the conversation is longer than the model's context window (HTTP ${status ?? '?'}): ${detail}`
  }
  if (status === 429) return `rate limited by the provider (HTTP 429): ${detail}`
  if (status !== undefined && status >= 500) return `the provider failed (HTTP ${status}): ${detail}`
  if (status === undefined) return `model call failed: ${detail}`
  return `the provider rejected the request (HTTP ${status}): ${detail}`
}

function keyHintOf(spec: string | undefined): string {
  const provider = spec
    ?.slice(0, Math.max(0, spec.indexOf(':')))
    .trim()
    .toLowerCase()
  if (provider === undefined || !isModelProvider(provider)) return ': check the API key'
  const names = providerRules[provider].keyEnv.join(' or ')
  return `: check ${names} or --api-key`
}

function modelOf(spec: string | undefined): string | undefined {
  if (spec === undefined) return undefined
  const colon = spec.indexOf(':')
  return colon < 0 ? spec : spec.slice(colon + 1)
}

function providerMessage(error: APICallError): string {
  const message = error.message.trim()
  if (
    message !== '' &&
    !/^(Bad Request|Unauthorized|Forbidden|Not Found|Too Many Requests|Internal Server Error)$/i.test(message)
  )
    return message
  return error.responseBody?.trim() || message || 'no details'
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string')
    return error.message
  if (typeof error === 'string') return error
  return undefined
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname.replace(/\/(chat\/completions|responses|messages|models\/.*)$/, '')}`
  } catch {
    return undefined
  }
}

function cut(text: string): string {
  const flat = oneLine(text)
  return flat.length <= longestDetail ? flat : `${flat.slice(0, longestDetail)}…`
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * True for errors of a model call: the provider's API errors, a failed or cut stream, an
 * unreachable endpoint. Other errors (a run that cannot resume, a store problem) are not.
 * @example if (isModelCallError(error)) console.error(describeModelError(error))
 */
export function isModelCallError(error: unknown): boolean {
  return (
    error instanceof ModelStreamError ||
    networkCode(error) !== undefined ||
    causes(error).some((entry) => APICallError.isInstance(entry))
  )
}

import { ToolError } from '../../../core/tool-error.js'
import { formatBytes } from '../../../text/quantities.js'
import { fillText } from '../../../text/model-text.js'
import { statusError } from './backend-status.js'
import type { BackendLimits, BackendRequest } from './search-backend.js'
import { webSearchTexts as texts } from './search-texts.js'

const userAgent = 'toolhost-web-search/0.1'

/**
 * Sends a request and returns its JSON body. The address is the person's configuration, so it is
 * not checked like `web.fetch`'s (a loopback SearXNG is normal); redirects are not followed, so a
 * key never travels to another address. Every failure is a `ToolError` for the model.
 */
export async function requestJson(
  request: BackendRequest,
  limits: BackendLimits,
  signal: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(limits.timeoutMs)
  const both = AbortSignal.any([signal, timeout])
  const stopped = (error: unknown): ToolError => {
    const values = { backend: request.label, seconds: seconds(limits.timeoutMs) }
    if (timeout.aborted) return new ToolError('web_search.timeout', fillText(texts.timeout, values))
    if (signal.aborted) return new ToolError('web_search.backend_error', fillText(texts.cancelled, values))
    return new ToolError(
      'web_search.backend_error',
      fillText(texts.unreachable, { backend: request.label, host: request.url.host, reason: networkReason(error) }),
    )
  }
  let response: Response
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: { 'user-agent': userAgent, accept: 'application/json', ...request.headers },
      ...(request.body !== undefined && { body: request.body }),
      redirect: 'manual',
      signal: both,
    })
  } catch (error) {
    throw stopped(error)
  }
  let text: string
  try {
    text = await readCapped(response, limits.maxBytes, request.label)
  } catch (error) {
    if (error instanceof ToolError) throw error
    throw stopped(error)
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? '?'
    throw new ToolError(
      'web_search.backend_error',
      fillText(texts.redirected, {
        backend: request.label,
        status: response.status,
        location: shownUrl(location, request.url),
      }),
    )
  }
  if (!response.ok) throw statusError(request, response.status, response.headers, text)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ToolError('web_search.bad_response', fillText(texts.notJson, { backend: request.label }))
  }
}

/** The body as text, refused past `maxBytes` (decompressed bytes, so a small compressed bomb is refused too). */
async function readCapped(response: Response, maxBytes: number, label: string): Promise<string> {
  if (response.body === null) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => {})
      throw new ToolError(
        'web_search.bad_response',
        fillText(texts.tooLarge, { backend: label, limit: formatBytes(maxBytes) }),
      )
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, total).toString('utf8')
}

function seconds(ms: number): string {
  return ms >= 10_000 ? String(Math.round(ms / 1000)) : String(ms / 1000)
}

/** A network error's short reason: the system code (`ECONNREFUSED`…) when there is one. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause ?? error) : error
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string')
    return cause.code
  return cause instanceof Error ? cause.message.replace(/\.$/, '') : 'network error'
}

/** A redirect target without credentials or query, which may carry tokens. */
function shownUrl(location: string, base: URL): string {
  try {
    const url = new URL(location, base)
    return `${url.origin}${url.pathname}`
  } catch {
    return '?'
  }
}

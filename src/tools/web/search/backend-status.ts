import { ToolError } from '../../../core/tool-error.js'
import { fillText } from '../../../text/model-text.js'
import type { BackendRequest } from './search-backend.js'
import { plainSnippet } from './plain-snippet.js'
import { webSearchTexts as texts } from './search-texts.js'

/** The model's error for a non-2xx answer of a search service. */
export function statusError(request: BackendRequest, status: number, headers: Headers, body: string): ToolError {
  const values = { backend: request.label, status, detail: detailOf(body, request.secret) }
  if (status === 429) {
    const wait = retryAfterSeconds(headers, Date.now())
    const text =
      wait === undefined
        ? fillText(texts.rateLimitedUnknown, values)
        : fillText(texts.rateLimited, { ...values, wait: formatWait(wait) })
    return new ToolError('web_search.rate_limited', text, {
      status,
      ...(wait !== undefined && { retryAfterSeconds: wait }),
    })
  }
  // Tavily's "plan limit" and "key limit" answers: no retry helps before the person acts.
  if (status === 432 || status === 433)
    return new ToolError('web_search.rate_limited', fillText(texts.usageLimit, values), { status })
  if (status === 401 || status === 403) {
    if (request.keyVariable !== undefined)
      return new ToolError(
        'web_search.auth_failed',
        fillText(texts.keyRefused, { ...values, variable: request.keyVariable }),
        { status },
      )
    const text = status === 403 ? texts.searxngForbidden : texts.loginRefused
    return new ToolError('web_search.auth_failed', fillText(text, { ...values, host: request.url.host }), { status })
  }
  if (status >= 400 && status < 500)
    return new ToolError('web_search.backend_error', fillText(texts.queryRefused, values), { status })
  return new ToolError('web_search.backend_error', fillText(texts.serviceFailed, values), { status })
}

/**
 * Seconds until a rate-limited service takes requests again: `Retry-After` (seconds or a date), or
 * Brave's `X-RateLimit-Reset` (one value per window, e.g. `1, 1419704`: the window with no
 * requests remaining is the one that refused). Undefined when the answer does not say.
 */
export function retryAfterSeconds(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim()
  if (retryAfter !== undefined && retryAfter !== '') {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter)
    const at = Date.parse(retryAfter)
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000))
  }
  const resets = numbers(headers.get('x-ratelimit-reset'))
  if (resets.length === 0) return undefined
  const remaining = numbers(headers.get('x-ratelimit-remaining'))
  const spent = remaining.findIndex((left) => left === 0)
  return resets[spent >= 0 && spent < resets.length ? spent : 0]
}

/** A wait for people and models: `30 seconds`, `5 minutes`, `3 hours`, `12 days`. */
export function formatWait(seconds: number): string {
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? '' : 's'}`
  if (seconds < 120) return unit(Math.max(1, seconds), 'second')
  if (seconds < 2 * 3600) return unit(Math.ceil(seconds / 60), 'minute')
  if (seconds < 2 * 86_400) return unit(Math.ceil(seconds / 3600), 'hour')
  return unit(Math.ceil(seconds / 86_400), 'day')
}

function numbers(header: string | null): number[] {
  if (header === null) return []
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
}

/**
 * What an error answer says, in one short line (`: …`), or nothing. Services put it in different
 * places (`{"detail":{"error":…}}`, `{"error":{"detail":…}}`, `{"message":…}`, plain text); the
 * key is cut out in case the answer repeats it.
 */
function detailOf(body: string, secret: string | undefined): string {
  let message: unknown = body
  try {
    message = pick(JSON.parse(body) as unknown) ?? ''
  } catch {
    // Not JSON: the text itself, tags stripped.
  }
  let text = plainSnippet(typeof message === 'string' ? message : '', 200)
  if (secret !== undefined && secret !== '') text = text.split(secret).join('[hidden]')
  return text === '' ? '' : `: ${text}`
}

function pick(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null || depth > 3) return undefined
  const record = value as Record<string, unknown>
  for (const key of ['detail', 'error', 'message', 'msg']) {
    const found = pick(record[key], depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { compileHostAllowance } from './host-allowance.js'
import { checkHost, checkScheme } from './host-check.js'
import { NetError } from './net-error.js'
import { requestPinned, toNetError } from './pinned-request.js'
import { readBody } from './read-body.js'
import type { HostResolver } from './resolve-host.js'
import { systemResolver } from './resolve-host.js'

/** Limits of a guarded GET. */
export const guardedGetDefaults = {
  maxRedirects: 5,
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 30_000,
  headersTimeoutMs: 15_000,
} as const

/** Options of {@link guardedGet}; every limit has a default in {@link guardedGetDefaults}. */
export interface GuardedGetOptions {
  /** Host names, IPs or CIDRs allowed to reach refused addresses (see `compileHostAllowance`). */
  readonly allowPrivateHosts?: readonly string[]
  /** Name resolution; the system resolver when omitted. */
  readonly resolve?: HostResolver
  /** Aborts everything: resolution, connection, body. */
  readonly signal?: AbortSignal
  readonly headers?: OutgoingHttpHeaders
  readonly maxRedirects?: number
  /** Most decoded body bytes read; the rest is dropped and `truncated` set. */
  readonly maxBytes?: number
  /** Longest the whole GET may take, redirects and body included. */
  readonly timeoutMs?: number
  readonly headersTimeoutMs?: number
  /**
   * Decides from the final response's status and headers whether to read its body, so a caller
   * that will refuse a video does not download it. Read when omitted.
   */
  readonly wantsBody?: (status: number, headers: IncomingHttpHeaders) => boolean
}

/** A redirect that was followed. */
export interface RedirectHop {
  readonly url: string
  readonly status: number
  /** The absolute URL the redirect pointed to. */
  readonly location: string
}

/** The final response of a guarded GET. */
export interface GuardedResponse {
  readonly url: string
  readonly finalUrl: string
  readonly status: number
  readonly statusText: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
  /** False when `wantsBody` declined the body. */
  readonly bodyRead: boolean
  readonly truncated: boolean
  readonly redirects: readonly RedirectHop[]
}

const redirectStatuses = new Set([301, 302, 303, 307, 308])

/**
 * An HTTP(S) GET that only reaches public addresses unless allowed: each hop's scheme and host are
 * checked (every resolved address), the connection is pinned to the checked addresses, redirects
 * are followed by hand (each hop checked again) up to a limit, and the body and total time are
 * bounded. Non-2xx responses are returned, not thrown.
 *
 * @throws NetError with the reason (`invalid_url`, `scheme_refused`, `address_refused`, `dns_failed`,
 * `too_many_redirects`, `redirect_loop`, `timeout`, `aborted`, `request_failed`)
 */
export async function guardedGet(url: string, options: GuardedGetOptions = {}): Promise<GuardedResponse> {
  const limits = {
    maxRedirects: options.maxRedirects ?? guardedGetDefaults.maxRedirects,
    maxBytes: options.maxBytes ?? guardedGetDefaults.maxBytes,
    timeoutMs: options.timeoutMs ?? guardedGetDefaults.timeoutMs,
    headersTimeoutMs: options.headersTimeoutMs ?? guardedGetDefaults.headersTimeoutMs,
  }
  const timeout = AbortSignal.timeout(limits.timeoutMs)
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout])
  const context = {
    resolve: options.resolve ?? systemResolver,
    allowance: compileHostAllowance(options.allowPrivateHosts ?? []),
    signal,
  }
  const first = parseUrl(url)
  const redirects: RedirectHop[] = []
  const seen = new Set([withoutHash(first)])
  let current = first
  try {
    for (;;) {
      checkScheme(current)
      const addresses = await checkHost(current, context)
      const response = await requestPinned(current, {
        addresses,
        headers: options.headers ?? {},
        signal,
        headersTimeoutMs: limits.headersTimeoutMs,
      })
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (redirectStatuses.has(status) && location !== undefined && location !== '') {
        response.destroy() // the body of a redirect is never read
        const next = parseUrl(location, current)
        redirects.push({ url: current.href, status, location: next.href })
        if (seen.has(withoutHash(next)))
          throw new NetError('redirect_loop', `redirect loop at ${next.href}`, {
            url: next.href,
            redirects: redirects.length,
          })
        if (redirects.length > limits.maxRedirects) {
          throw new NetError('too_many_redirects', `more than ${limits.maxRedirects} redirects`, {
            url: next.href,
            redirects: redirects.length,
            limit: limits.maxRedirects,
          })
        }
        seen.add(withoutHash(next))
        current = next
        continue
      }
      return await finish(first, current, response, redirects, limits.maxBytes, options.wantsBody)
    }
  } catch (error) {
    const timedOut = timeout.aborted && !(options.signal?.aborted ?? false)
    const failure = timedOut
      ? new NetError('timeout', `no complete response within ${limits.timeoutMs} ms`, {
          url: current.href,
          phase: 'total',
          limit: limits.timeoutMs,
        })
      : toNetError(current, error, signal)
    if (failure.details.redirects !== undefined || redirects.length === 0) throw failure
    throw new NetError(
      failure.code,
      failure.message,
      { ...failure.details, redirects: redirects.length },
      { cause: failure.cause },
    )
  }
}

async function finish(
  first: URL,
  final: URL,
  response: IncomingMessage,
  redirects: readonly RedirectHop[],
  maxBytes: number,
  wantsBody: GuardedGetOptions['wantsBody'],
): Promise<GuardedResponse> {
  const status = response.statusCode ?? 0
  const bodyRead = wantsBody?.(status, response.headers) ?? true
  if (!bodyRead) response.destroy()
  const { bytes, truncated } = bodyRead
    ? await readBody(response, maxBytes)
    : { bytes: Buffer.alloc(0), truncated: false }
  return {
    url: first.href,
    finalUrl: final.href,
    status,
    statusText: response.statusMessage ?? '',
    headers: response.headers,
    body: bytes,
    bodyRead,
    truncated,
    redirects,
  }
}

function parseUrl(text: string, base?: URL): URL {
  try {
    return new URL(text, base)
  } catch {
    const what = base === undefined ? 'the URL' : `the redirect from ${base.href}`
    throw new NetError('invalid_url', `${what} is not a valid URL: ${text.slice(0, 200)}`, { url: text.slice(0, 200) })
  }
}

function withoutHash(url: URL): string {
  return url.href.replace(/#.*$/, '')
}

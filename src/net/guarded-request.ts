import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http'
import { guardedGetDefaults } from './guarded-get.js'
import { compileHostAllowance } from './host-allowance.js'
import { checkHost, checkScheme } from './host-check.js'
import { NetError } from './net-error.js'
import { requestPinned, toNetError } from './pinned-request.js'
import { readBody } from './read-body.js'
import type { HostResolver } from './resolve-host.js'
import { systemResolver } from './resolve-host.js'

/** Options of {@link guardedRequest}; limits default to those of a guarded GET. */
export interface GuardedRequestOptions {
  /** An HTTP method token (`GET`, `POST`, `PUT`…); `GET` when omitted. */
  readonly method?: string
  readonly headers?: OutgoingHttpHeaders
  /** The request body; none when omitted. */
  readonly body?: string | Uint8Array
  /** Host names, IPs or CIDRs allowed to reach refused addresses (see `compileHostAllowance`). */
  readonly allowPrivateHosts?: readonly string[]
  /** Name resolution; the system resolver when omitted. */
  readonly resolve?: HostResolver
  /** Aborts everything: resolution, connection, body. */
  readonly signal?: AbortSignal
  /** Most decoded body bytes read; the rest is dropped and `truncated` set. */
  readonly maxBytes?: number
  /** Longest the whole request may take, body included. */
  readonly timeoutMs?: number
  readonly headersTimeoutMs?: number
}

/** The response of a guarded request. */
export interface GuardedRequestResponse {
  readonly url: string
  readonly method: string
  readonly status: number
  readonly statusText: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
  readonly truncated: boolean
}

// The URL decides where the request goes: a caller-supplied Host could reach another virtual host
// behind the checked address, and the framing headers are Node's to set.
const droppedHeaders = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
])

/**
 * One HTTP(S) request with any method and an optional body, under the same guards as
 * `guardedGet`: the scheme and every address the host resolves to are checked, the connection is
 * pinned to the checked addresses, and the body and total time are bounded. Redirects are NOT
 * followed: a 3xx comes back as it is (with its `location` header), so a caller that checks URLs
 * against its own allow-list checks the next URL too before asking for it. Host, hop-by-hop and
 * Content-Length headers given by the caller are dropped. Non-2xx responses are returned, not
 * thrown.
 *
 * @throws TypeError for a method that is not an HTTP token
 * @throws NetError with the reason (`invalid_url`, `scheme_refused`, `address_refused`, `dns_failed`,
 * `timeout`, `aborted`, `request_failed`)
 */
export async function guardedRequest(
  url: string,
  options: GuardedRequestOptions = {},
): Promise<GuardedRequestResponse> {
  const method = (options.method ?? 'GET').toUpperCase()
  if (!/^[A-Z0-9!#$%&'*+.^_`|~-]+$/.test(method)) throw new TypeError(`"${method}" is not an HTTP method`)
  const timeoutMs = options.timeoutMs ?? guardedGetDefaults.timeoutMs
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout])
  const target = parseUrl(url)
  try {
    checkScheme(target)
    const addresses = await checkHost(target, {
      resolve: options.resolve ?? systemResolver,
      allowance: compileHostAllowance(options.allowPrivateHosts ?? []),
      signal,
    })
    const response = await requestPinned(target, {
      addresses,
      method,
      headers: keptHeaders(options.headers ?? {}),
      ...(options.body !== undefined && { body: options.body }),
      signal,
      headersTimeoutMs: options.headersTimeoutMs ?? guardedGetDefaults.headersTimeoutMs,
    })
    const { bytes, truncated } = await readBody(response, options.maxBytes ?? guardedGetDefaults.maxBytes)
    const status = response.statusCode ?? 0
    return {
      url: target.href,
      method,
      status,
      statusText: response.statusMessage ?? '',
      headers: response.headers,
      body: bytes,
      truncated,
    }
  } catch (error) {
    if (timeout.aborted && !(options.signal?.aborted ?? false)) {
      throw new NetError('timeout', `no complete response within ${timeoutMs} ms`, {
        url: target.href,
        phase: 'total',
        limit: timeoutMs,
      })
    }
    throw toNetError(target, error, signal)
  }
}

function keptHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !droppedHeaders.has(name.toLowerCase())))
}

function parseUrl(text: string): URL {
  try {
    return new URL(text)
  } catch {
    throw new NetError('invalid_url', `the URL is not valid: ${text.slice(0, 200)}`, { url: text.slice(0, 200) })
  }
}

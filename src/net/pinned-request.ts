import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { NetError, systemErrorCode } from './net-error.js'
import type { ResolvedAddress } from './resolve-host.js'

/** One request (a GET unless `method` says otherwise) to addresses checked beforehand. */
export interface PinnedRequestOptions {
  /** The checked addresses; the connection goes to these and nowhere else. */
  readonly addresses: readonly ResolvedAddress[]
  readonly headers: OutgoingHttpHeaders
  /** The HTTP method; `GET` when omitted. */
  readonly method?: string
  /** The request body, sent with a Content-Length; none when omitted. */
  readonly body?: string | Uint8Array
  /** Aborts the request and its response body. */
  readonly signal: AbortSignal
  /** Longest wait for the response headers. */
  readonly headersTimeoutMs: number
}

/**
 * Sends a GET (or `options.method`, with `options.body`) for `url` and resolves with the response
 * once its headers arrive. Name resolution inside the socket is replaced by the checked addresses,
 * so the connection cannot reach an address that was not checked; the Host header and TLS server
 * name (SNI, certificate check) still use the URL's host name. A fresh agent per request keeps
 * pooled sockets out of it.
 *
 * @throws NetError `timeout` (phase `headers`), `aborted` or `request_failed`
 */
export function requestPinned(url: URL, options: PinnedRequestOptions): Promise<IncomingMessage> {
  const { addresses, signal } = options
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
      lookup: pinnedLookup(addresses),
      signal,
    })
    const timer = setTimeout(() => {
      const message = `no response headers within ${options.headersTimeoutMs} ms`
      request.destroy(
        new NetError('timeout', message, { url: url.href, phase: 'headers', limit: options.headersTimeoutMs }),
      )
    }, options.headersTimeoutMs)
    request.once('response', (response) => {
      clearTimeout(timer)
      resolve(response)
    })
    request.once('error', (error) => {
      clearTimeout(timer)
      reject(toNetError(url, error, signal))
    })
    if (options.body === undefined) request.end()
    else request.end(options.body)
  })
}

/**
 * A `lookup` for `net.connect` that answers with the checked addresses, whatever name it is asked
 * about. Honors a requested family when some checked address has it.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0
    const ofFamily = addresses.filter((a) => wanted === 0 || a.family === wanted)
    const answers = (ofFamily.length > 0 ? ofFamily : addresses).map((a) => ({ address: a.address, family: a.family }))
    const first = answers[0]
    if (first === undefined) {
      callback(Object.assign(new Error('no checked address to connect to'), { code: 'ENOTFOUND' }), '')
      return
    }
    if (options.all === true) callback(null, answers)
    else callback(null, first.address, first.family)
  }
}

/** Turns a request failure into a NetError; an abort is reported as such, whatever error carried it. */
export function toNetError(url: URL, error: unknown, signal: AbortSignal): NetError {
  if (error instanceof NetError) return error
  if (signal.aborted) return new NetError('aborted', 'the request was aborted', { url: url.href }, { cause: error })
  const systemCode = systemErrorCode(error)
  const message = error instanceof Error ? error.message : String(error)
  return new NetError(
    'request_failed',
    message,
    { url: url.href, ...(systemCode !== undefined && { systemCode }) },
    { cause: error },
  )
}

import type { AddressClassification } from './classify-address.js'

/** Why a guarded request did not produce a response. */
export type NetErrorCode =
  | 'invalid_url'
  | 'scheme_refused'
  | 'address_refused'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'timeout'
  | 'aborted'
  | 'request_failed'

/** Facts about a failure, for the caller's own wording. */
export interface NetErrorDetails {
  readonly url?: string
  readonly host?: string
  readonly scheme?: string
  /** The refused address, when `code` is `address_refused`. */
  readonly refused?: AddressClassification
  /** How many redirects had been followed. */
  readonly redirects?: number
  /** The limit that was reached, in milliseconds for timeouts. */
  readonly limit?: number
  /** `headers` or `total` for timeouts. */
  readonly phase?: 'headers' | 'total'
  /** The system error code (`ENOTFOUND`, `ECONNREFUSED`…), when there is one. */
  readonly systemCode?: string
}

/**
 * A guarded request was refused or failed. The message is for logs; callers word their own text
 * for people and models from `code` and `details`.
 */
export class NetError extends Error {
  override readonly name = 'NetError'
  readonly code: NetErrorCode
  readonly details: NetErrorDetails
  constructor(code: NetErrorCode, message: string, details: NetErrorDetails = {}, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
    this.details = details
  }
}

/** The `code` of a Node system error (`ECONNREFUSED`…), if it has one. */
export function systemErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? error.code : undefined
}

import { guardedRequest } from '../../net/guarded-request.js'
import type { HostResolver } from '../../net/resolve-host.js'
import { callbackAllowance } from './callback-url.js'
import { signWebhook } from './webhook-signature.js'

/** How a webhook is delivered. */
export interface WebhookDelivery {
  /** Signs each delivery. */
  readonly secret: string
  readonly allowPrivate: boolean
  readonly resolve?: HostResolver
  /** Longest a delivery may take; 10 s when omitted. */
  readonly timeoutMs?: number
}

/** Error bodies longer than this are cut in the error message. */
const quotedBodyLimit = 200

/**
 * POSTs `payload` as signed JSON to `url` through the network guards (scheme, address checks,
 * pinned connection, time limit). Redirects are not followed.
 * @throws Error on a refused URL, a network failure, a timeout or a non-2xx answer, so the
 * delivery is retried
 */
export async function deliverWebhook(url: string, payload: unknown, delivery: WebhookDelivery): Promise<void> {
  const body = JSON.stringify(payload)
  let allowed: readonly string[] = []
  try {
    allowed = callbackAllowance(new URL(url), delivery.allowPrivate)
  } catch {
    // guardedRequest reports the invalid URL.
  }
  const response = await guardedRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signWebhook(delivery.secret, body) },
    body,
    allowPrivateHosts: allowed,
    ...(delivery.resolve !== undefined && { resolve: delivery.resolve }),
    timeoutMs: delivery.timeoutMs ?? 10_000,
    headersTimeoutMs: delivery.timeoutMs ?? 10_000,
    maxBytes: 4096,
  })
  if (response.status < 200 || response.status > 299) {
    const text = response.body.toString('utf8').slice(0, quotedBodyLimit)
    throw new Error(`webhook ${url} answered ${response.status}${text === '' ? '' : `: ${text}`}`)
  }
}

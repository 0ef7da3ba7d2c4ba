import { createHmac, timingSafeEqual } from 'node:crypto'

/** The headers that carry a webhook's signature. */
export const signatureHeaders = { timestamp: 'x-toolhost-timestamp', signature: 'x-toolhost-signature' } as const

/**
 * Signs a webhook body: `sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`, with the
 * timestamp in Unix seconds. Signing the timestamp lets receivers refuse replays of old deliveries.
 */
export function signWebhook(secret: string, body: string, nowMs: number = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000))
  return {
    [signatureHeaders.timestamp]: timestamp,
    [signatureHeaders.signature]: `sha256=${hmacHex(secret, timestamp, body)}`,
  }
}

/**
 * Checks a received webhook the way a receiver should: the signature matches the body and
 * timestamp, and the timestamp is within `toleranceSeconds` of now.
 * @returns why it is refused, or `undefined` when it is genuine
 */
export function webhookRefusal(
  secret: string,
  body: string,
  timestamp: string | undefined,
  signature: string | undefined,
  options: { readonly nowMs?: number; readonly toleranceSeconds?: number } = {},
): string | undefined {
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp))
    return `missing or malformed ${signatureHeaders.timestamp}`
  const age = Math.abs((options.nowMs ?? Date.now()) / 1000 - Number(timestamp))
  if (age > (options.toleranceSeconds ?? 300))
    return `${signatureHeaders.timestamp} is ${Math.round(age)} s away from now`
  const sent = Buffer.from(signature ?? '')
  const expected = Buffer.from(`sha256=${hmacHex(secret, timestamp, body)}`)
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'the signature does not match'
  return undefined
}

function hmacHex(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
}

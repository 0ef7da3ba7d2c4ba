import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new bearer token: 32 random bytes, base64url. */
export function newBearerToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Why an `Authorization` header does not carry the expected bearer token, or `undefined` when it
 * does. Both sides are hashed first so the comparison takes the same time whatever was sent.
 */
export function bearerRefusal(header: string | undefined, token: string): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (match === null)
    return 'Missing bearer token: send "Authorization: Bearer <token>" (printed when the server started)'
  const sent = createHash('sha256')
    .update(match[1] ?? '')
    .digest()
  const expected = createHash('sha256').update(token).digest()
  return timingSafeEqual(sent, expected) ? undefined : 'Invalid bearer token'
}

import { createHash } from 'node:crypto'

/** Hex SHA-256 of bytes or UTF-8 text, as read-state records it. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

import type { IncomingMessage } from 'node:http'

/** A request body over the server's limit. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError'
  readonly limit: number
  constructor(limit: number) {
    super(`Request body over ${limit} bytes`)
    this.limit = limit
  }
}

/**
 * Reads a JSON request body of at most `limit` bytes. A declared `Content-Length` over the limit is
 * refused before anything is read; a body that grows past it stops being read at once.
 * @throws BodyTooLargeError, or SyntaxError for a body that is not JSON
 */
export async function readLimitedJson(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new BodyTooLargeError(limit)
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return text.trim() === '' ? undefined : JSON.parse(text)
}

import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

/** A response body read up to a limit. */
export interface BodyRead {
  /** The decoded bytes (after Content-Encoding), at most the limit. */
  readonly bytes: Buffer
  /** True when the body went on past the limit and reading stopped there. */
  readonly truncated: boolean
}

/**
 * Reads a response body, undoing gzip, deflate or brotli Content-Encoding, and stops after
 * `maxBytes` decoded bytes: the limit applies to what was decoded, so a small compressed bomb is
 * cut like a large plain body. Unknown encodings are passed through as they are.
 */
export async function readBody(response: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const chunks: Buffer[] = []
  let total = 0
  let truncated = false
  const source = decoded(response)
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const room = maxBytes - total
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room))
      total += room
      truncated = true
      break // leaving the loop destroys the stream; the response goes with it
    }
    chunks.push(chunk)
    total += chunk.length
  }
  if (truncated) response.destroy()
  return { bytes: Buffer.concat(chunks, total), truncated }
}

function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase()
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined
  if (decoder === undefined) return response
  // pipeline destroys every stream on error, so a failing response fails the iteration above.
  return pipeline(response, decoder, () => {})
}

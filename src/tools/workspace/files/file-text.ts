import { isUtf8 } from 'node:buffer'

const bomBytes = [0xef, 0xbb, 0xbf] as const

/** The text of a UTF-8 file, without its byte-order mark, and whether it had one. */
export interface FileText {
  readonly text: string
  readonly bom: boolean
}

/** True when the bytes start with the UTF-8 byte-order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === bomBytes[0] && bytes[1] === bomBytes[1] && bytes[2] === bomBytes[2]
}

/** Decodes a file's bytes as UTF-8 (invalid sequences become U+FFFD), setting a BOM apart. */
export function decodeFileText(bytes: Uint8Array): FileText {
  const bom = hasUtf8Bom(bytes)
  return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', bom ? 3 : 0), bom }
}

/** Encodes text for a file, with a UTF-8 BOM in front when `bom` is set. */
export function encodeFileText(text: string, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf8')
  return bom ? Buffer.concat([Buffer.from(bomBytes), body]) : body
}

/**
 * True when all bytes are valid UTF-8. Editing decodes and re-encodes the whole file, which would
 * silently replace invalid bytes, so edits refuse files where this is false.
 */
export function isValidUtf8(bytes: Uint8Array): boolean {
  return isUtf8(bytes)
}

/**
 * `bytes` without a UTF-8 sequence cut off at its end, so that a cut made by byte count decodes
 * without a replacement character; the bytes left out belong to the next piece.
 * @example completeUtf8(Buffer.from('aé').subarray(0, 2)) // <Buffer 61>
 */
export function completeUtf8(bytes: Buffer): Buffer {
  let start = bytes.length - 1
  while (start > 0 && bytes.length - start < 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--
  const lead = bytes[start] ?? 0
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
  return bytes.length - start < needed ? bytes.subarray(0, start) : bytes
}

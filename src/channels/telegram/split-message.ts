/** Most characters of one Telegram message. */
export const telegramMessageLimit = 4096

/**
 * Splits a text into messages of at most `limit` UTF-16 code units (how Telegram counts), cutting
 * at the last line break, else the last space, in the second half of each piece, else anywhere but
 * inside a surrogate pair. Pieces that would be only whitespace are dropped.
 * @example splitMessage('a'.repeat(5000)).map((p) => p.length) // [4096, 904]
 */
export function splitMessage(text: string, limit: number = telegramMessageLimit): string[] {
  const pieces: string[] = []
  let rest = text
  while (rest.length > limit) {
    let cut = lastBreak(rest, limit)
    if (cut === undefined) {
      cut = limit
      if (isHighSurrogate(rest.charCodeAt(cut - 1))) cut -= 1
    }
    pieces.push(rest.slice(0, cut))
    // The break itself is not repeated at the start of the next piece.
    rest = /[\n ]/.test(rest[cut] ?? '') ? rest.slice(cut + 1) : rest.slice(cut)
  }
  pieces.push(rest)
  return pieces.filter((piece) => piece.trim() !== '')
}

function lastBreak(text: string, limit: number): number | undefined {
  const window = text.slice(0, limit + 1)
  for (const separator of ['\n', ' ']) {
    const at = window.lastIndexOf(separator)
    if (at >= limit / 2 && at <= limit) return at
  }
  return undefined
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

/**
 * Makes characters that could hide what a command really does visible before a person approves it:
 * C0/C1 control characters (except line feed and tab), DEL, bidirectional overrides and isolates,
 * zero-width characters and other invisible formatting marks become `⟨U+XXXX⟩`.
 *
 * @example makeVisible('ls\u202E txt') // 'ls⟨U+202E⟩ txt'
 */
export function makeVisible(text: string): string {
  return text.replace(hidden, (ch) => `⟨U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`)
}

// Controls, bidi marks/embeddings/overrides/isolates, zero-width and word-joiner marks, BOM,
// soft hyphen, and the Unicode "format" category in general.
const hidden =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]|\p{Cf}/gu

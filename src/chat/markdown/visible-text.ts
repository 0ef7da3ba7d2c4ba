// C0 controls except tab and newline, DEL, and the C1 range (includes the 8-bit CSI, U+009B).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
// Bidi embeddings, overrides, isolates and marks: they reorder what the person sees.
const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const crlf = /\r\n/g

function codePoint(char: string): string {
  return `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`
}

/**
 * Text from a model or a tool made safe to print: every control character but `\n` and `\t`
 * (escape sequences, carriage returns, bells, C1 codes) and every bidi control is shown as
 * `<U+XXXX>`, so the text can neither drive the terminal nor reorder what is seen. A CRLF pair
 * becomes a plain `\n`.
 * @example visibleText('a\u001b[2Jb\u202ec') // 'a<U+001B>[2Jb<U+202E>c'
 */
export function visibleText(text: string): string {
  return text.replace(crlf, '\n').replace(control, codePoint).replace(bidi, codePoint)
}

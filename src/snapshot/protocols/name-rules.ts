import { Buffer } from 'node:buffer'

/** The tool-name half of a `Protocol`. */
export interface NameRules {
  readonly maxNameBytes: number
  isValidName(name: string): boolean
  fixName(name: string): string
}

/** How a dialect constrains tool names. */
export interface NameRuleSpec {
  /** Longest name in UTF-8 bytes. */
  readonly maxBytes: number
  /** Matches one character a name may contain. */
  readonly allowedChar: RegExp
  /** Matches what the first character must be, when the dialect says more than `allowedChar`. */
  readonly firstChar?: RegExp
}

/** The length of `text` in UTF-8 bytes. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8')
}

/** `text` cut to at most `maxBytes` UTF-8 bytes, never inside a character. */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  let bytes = 0
  let cut = ''
  for (const char of text) {
    bytes += utf8ByteLength(char)
    if (bytes > maxBytes) break
    cut += char
  }
  return cut
}

/**
 * Name checks for one dialect. `fixName` puts `_` for each character the dialect refuses and
 * prefixes `_` when the first character may not start a name; a legal name comes back unchanged.
 * When the prefix pushes a name that fitted past the byte limit, the end is cut. A name that was
 * already too long keeps its length: cutting it is the caller's call, so the caller can report it.
 */
export function createNameRules(spec: NameRuleSpec): NameRules {
  const { maxBytes, allowedChar, firstChar } = spec
  const startsWell = (name: string): boolean => firstChar === undefined || firstChar.test(name.charAt(0))
  return {
    maxNameBytes: maxBytes,
    isValidName(name) {
      if (name === '' || utf8ByteLength(name) > maxBytes || !startsWell(name)) return false
      for (const char of name) if (!allowedChar.test(char)) return false
      return true
    },
    fixName(name) {
      let fixed = ''
      for (const char of name) fixed += allowedChar.test(char) ? char : '_'
      if (fixed === '' || !startsWell(fixed)) fixed = `_${fixed}`
      return utf8ByteLength(name) <= maxBytes ? cutToUtf8Bytes(fixed, maxBytes) : fixed
    },
  }
}

/** OpenAI (Responses, Chat Completions, compatible servers) and Anthropic: `^[A-Za-z0-9_-]{1,64}$`. */
export const asciiToolNameRules = createNameRules({ maxBytes: 64, allowedChar: /^[A-Za-z0-9_-]$/ })

/** Gemini: starts with a letter or `_`; letters, digits, `_`, `.`, `:`, `-`; at most 64 bytes. */
export const geminiToolNameRules = createNameRules({
  maxBytes: 64,
  allowedChar: /^[A-Za-z0-9_.:-]$/,
  firstChar: /^[A-Za-z_]$/,
})

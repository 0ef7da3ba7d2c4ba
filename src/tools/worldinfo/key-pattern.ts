/**
 * Lorebook keys as patterns. A key written `/pattern/flags` is a regular expression with its own
 * flags (`g` and `y` dropped, as they make matching stateful). Any other key is a literal word or
 * phrase matched as whole words — not inside a longer word — case-insensitively unless the entry
 * is case-sensitive; a space in a phrase matches any run of white space.
 */

const regexKey = /^\/(.+)\/([a-z]*)$/s

/** A compiled key, or why it cannot be compiled. */
export type CompiledKey =
  { readonly ok: true; readonly pattern: RegExp } | { readonly ok: false; readonly reason: string }

/** True when `key` is written as a regular expression (`/pattern/flags`). */
export function isRegexKey(key: string): boolean {
  return regexKey.test(key.trim())
}

/** Compiles one key; an empty key compiles to `undefined` (it never matches). */
export function compileKey(key: string, caseSensitive: boolean): CompiledKey | undefined {
  const trimmed = key.trim()
  if (trimmed === '') return undefined
  const regex = regexKey.exec(trimmed)
  if (regex !== null) {
    try {
      return { ok: true, pattern: new RegExp(regex[1] ?? '', (regex[2] ?? '').replace(/[gy]/g, '')) }
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) }
    }
  }
  const body = trimmed.split(/\s+/).map(escapeRegex).join('\\s+')
  return { ok: true, pattern: new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, caseSensitive ? 'u' : 'iu') }
}

/** A literal text as a regular expression (valid in `u` mode, which allows only syntax characters escaped). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
}

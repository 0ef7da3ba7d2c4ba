/** Escapes one JSON Pointer reference token (RFC 6901: `~` → `~0`, `/` → `~1`). */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Appends reference tokens to a JSON Pointer, escaping each; `''` is the root. */
export function joinPointer(base: string, ...tokens: readonly (string | number)[]): string {
  let pointer = base
  for (const token of tokens) pointer += `/${escapePointerToken(String(token))}`
  return pointer
}

/**
 * Splits a JSON Pointer into its unescaped reference tokens.
 * Returns `undefined` when `pointer` is not a pointer (non-empty and not starting with `/`).
 */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) return undefined
  // RFC 6901 order: `~1` before `~0`, so `~01` decodes to `~1` and not to `/`.
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
}

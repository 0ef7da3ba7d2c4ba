import type { MatchPurpose } from './permission-part.js'

/**
 * Name specifiers, for tools whose subject is a name the profile gives something (a database
 * connection): `builtin:database.query(main)` matches the name `main` only; `*` matches any run of
 * characters (`report_*`, or `*` for every name) and `?` one character; a backslash makes the next
 * character literal (`\*` is a `*`, which is how "allow always" writes names). Allow rules compare
 * exactly; deny and ask rules ignore case, so that nothing slips past them by a near miss.
 */

const compiled = new Map<string, RegExp>()

/** True when `specifier` covers the name `name`. */
export function nameSpecifierMatches(specifier: string, name: string, purpose: MatchPurpose): boolean {
  const pattern = specifier.trim()
  if (pattern === '') return false
  const key = `${purpose}\0${pattern}`
  let regex = compiled.get(key)
  if (regex === undefined) {
    regex = new RegExp(`^${patternSource(pattern)}$`, purpose === 'restrict' ? 'isu' : 'su')
    if (compiled.size >= 1_000) compiled.clear()
    compiled.set(key, regex)
  }
  return regex.test(name)
}

/** `name` written as a specifier that matches it alone: glob characters and backslashes escaped. */
export function exactNameSpecifier(name: string): string {
  return name.replace(/[\\*?()]/g, (char) => `\\${char}`)
}

function patternSource(pattern: string): string {
  let source = ''
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] ?? ''
    if (char === '\\' && index + 1 < pattern.length) {
      index += 1
      source += escapeRegex(pattern[index] ?? '')
    } else if (char === '*') source += '.*'
    else if (char === '?') source += '.'
    else source += escapeRegex(char)
  }
  return source
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Finds text that every match of a regular expression must contain, so a file without it can be
 * passed over without decoding it or running the expression. Conservative: any construct it does
 * not fully understand ends the scan, and a pattern with alternation gives nothing.
 */

// Escapes that stand for one character class or assertion and take no further characters.
const simpleEscapes = new Set(['b', 'B', 'd', 'D', 'w', 'W', 's', 'S', 'n', 'r', 't', 'f', 'v'])

/**
 * The longest run of plain ASCII characters that every match contains, when it is at least
 * `minLength` long. For a case-insensitive pattern every match holds it in some letter case (see
 * {@link anyCaseLiteral}).
 * @example requiredLiteral('foo\\(.*\\)bar') // 'foo('
 */
export function requiredLiteral(pattern: string, minLength = 3): string | undefined {
  if (pattern.includes('|')) return undefined
  let best = ''
  let run = ''
  const endRun = () => {
    if (run.length > best.length) best = run
    run = ''
  }
  let i = 0
  while (i < pattern.length) {
    const char = pattern[i] as string
    let literal: string | undefined
    let next = i + 1
    if (char === '\\') {
      const escaped = pattern[i + 1]
      if (escaped === undefined) break
      next = i + 2
      if (/[A-Za-z0-9]/.test(escaped)) {
        // \u, \x, \c, \k, \p and back-references carry more characters; stop rather than misread them.
        if (!simpleEscapes.has(escaped)) break
      } else {
        literal = escaped
      }
    } else if (char === '(' || char === '[') {
      const end = char === '(' ? groupEnd(pattern, i) : classEnd(pattern, i)
      if (end === undefined) break
      next = end + 1
    } else if (char === ')' || char === '{' || char === '*' || char === '+' || char === '?') {
      break
    } else if (char !== '.' && char !== '^' && char !== '$') {
      literal = char
    }
    if (literal !== undefined && !/^[\x20-\x7e]$/.test(literal)) literal = undefined
    const quantifier = pattern[next]
    if (quantifier === '*' || quantifier === '?' || quantifier === '{') {
      // The atom may be absent: it ends the run and adds nothing.
      endRun()
      const end = quantifier === '{' ? pattern.indexOf('}', next) : next
      if (end === -1) break
      next = end + 1
      if (pattern[next] === '?') next++
    } else if (quantifier === '+') {
      // The atom is there at least once, but what follows need not be next to it.
      if (literal !== undefined) run += literal
      endRun()
      next++
      if (pattern[next] === '?') next++
    } else if (literal === undefined) {
      endRun()
    } else {
      run += literal
    }
    i = next
  }
  endRun()
  return best.length >= minLength ? best : undefined
}

/** Index of the `)` closing the group opened at `start`. */
function groupEnd(pattern: string, start: number): number | undefined {
  let depth = 0
  for (let i = start; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '\\') i++
    else if (char === '[') {
      const end = classEnd(pattern, i)
      if (end === undefined) return undefined
      i = end
    } else if (char === '(') depth++
    else if (char === ')' && --depth === 0) return i
  }
  return undefined
}

/** Index of the `]` closing the character class opened at `start` (in JavaScript, `[]` and `[^]` close at once). */
function classEnd(pattern: string, start: number): number | undefined {
  let i = start + 1
  if (pattern[i] === '^') i++
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++
    else if (pattern[i] === ']') return i
  }
  return undefined
}

// Under Unicode case folding two characters outside ASCII match ASCII letters: the Kelvin sign
// matches k and the long s matches s. Their UTF-8 bytes, read as Latin-1, are these.
const foldedIntoAscii: Readonly<Record<string, string>> = { k: '\\xe2\\x84\\xaa', s: '\\xc5\\xbf' }

/**
 * A pattern that finds `literal` in any letter case in bytes read as Latin-1 (so a UTF-8 file need
 * not be decoded): every case-insensitive match of a pattern that contains `literal` contains one.
 * @example anyCaseLiteral('id=7').test('ID=7') // true
 */
export function anyCaseLiteral(literal: string): RegExp {
  let source = ''
  for (const char of literal) {
    const lower = char.toLowerCase()
    const upper = char.toUpperCase()
    if (lower === upper) source += `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`
    else {
      const folded = foldedIntoAscii[lower]
      source += folded === undefined ? `[${lower}${upper}]` : `(?:[${lower}${upper}]|${folded})`
    }
  }
  return new RegExp(source)
}

/**
 * Limits on search patterns. JavaScript runs regular expressions by backtracking, and one match
 * attempt cannot be interrupted: a repetition of something that itself repeats or has alternatives
 * (`(a+)+$`, `(\w+\s?)*x`, `(a|a)+`) takes time exponential in the line's length, which stops the
 * whole process for minutes on one 50-character line. Such patterns are refused before they run.
 */
export const regexLimits = {
  /** Characters in a pattern. */
  maxChars: 10_000,
  /** Most repetitions of a group that itself repeats or has alternatives. */
  maxGroupRepetitions: 10,
} as const

interface OpenGroup {
  /** The group's body repeats or has alternatives: repeating the group nests backtracking. */
  varies: boolean
}

/**
 * Why `pattern` is refused, as the end of "… is not a valid regular expression: …", or undefined.
 * Conservative: any group repeated more than {@link regexLimits.maxGroupRepetitions} times whose body
 * holds a quantifier or `|` is refused.
 */
export function regexSizeProblem(pattern: string): string | undefined {
  if (pattern.length > regexLimits.maxChars) return `it is longer than ${regexLimits.maxChars} characters`
  const groups: OpenGroup[] = [{ varies: false }]
  const current = () => groups[groups.length - 1] as OpenGroup
  let closed: OpenGroup | undefined
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    const justClosed = closed
    closed = undefined
    if (char === '\\') {
      i++
      continue
    }
    if (char === '[') {
      // A character class: skip to its end, minding escapes.
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++
      continue
    }
    if (char === '(') {
      groups.push({ varies: false })
      continue
    }
    if (char === ')') {
      if (groups.length > 1) {
        closed = groups.pop()
        if (closed?.varies === true) current().varies = true
      }
      continue
    }
    if (char === '|') {
      current().varies = true
      continue
    }
    const most = char === '*' || char === '+' ? Infinity : char === '{' ? mostRepetitions(pattern.slice(i, i + 24)) : 1
    if (most <= 1) continue
    // A few repetitions of a varying group (`(\d{1,3}\.){3}`) multiply its ways by a small power.
    if (justClosed?.varies === true && most > regexLimits.maxGroupRepetitions)
      return 'a group that repeats holds a repetition or | (such as (a+)+ or (a|b)*), which can take minutes to match; repeat simpler parts, e.g. (ab)+ or a+'
    current().varies = true
  }
  return undefined
}

/** How often `{n}`, `{n,}` or `{n,m}` at the start of `text` repeats at most; 1 for a literal `{`. */
function mostRepetitions(text: string): number {
  const bound = /^\{(\d+)(,(\d*))?\}/.exec(text)
  if (bound === null) return 1
  return bound[2] === undefined ? Number(bound[1]) : bound[3] === '' ? Infinity : Number(bound[3])
}

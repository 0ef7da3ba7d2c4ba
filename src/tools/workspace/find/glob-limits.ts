import picomatch from 'picomatch'
import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import { shownPath } from '../../../workspace/normalize-path.js'

const invalidText = loadText(import.meta.url, 'texts/glob-invalid-pattern.txt')

/**
 * Sizes a glob may have. Globs match through backtracking regular expressions: every further `*`
 * in a name multiplies the work on a long file name (five in one name take minutes on a 255-character
 * name), and so do `**` on a deep path and nested braces. Within these limits a match stays fast.
 */
export const globLimits = {
  maxChars: 1_000,
  /** `*` wildcards within one name (between slashes). */
  maxStarsPerName: 3,
  /** `*` wildcards in the whole pattern, `**` not counted. */
  maxStars: 4,
  /** `**` segments. */
  maxGlobstars: 3,
  /** `{…}` alternatives inside alternatives. */
  maxBraceDepth: 5,
  maxBraces: 16,
} as const

/** Why `pattern` is past {@link globLimits}, as the end of "The pattern … is …", or undefined. */
export function globSizeProblem(pattern: string): string | undefined {
  const limits = globLimits
  if (pattern.length > limits.maxChars) return `longer than ${limits.maxChars} characters`
  let stars = 0
  let globstars = 0
  for (const name of pattern.split('/')) {
    if (name === '**') {
      globstars++
      continue
    }
    const inName = name.match(/\*+/g)?.length ?? 0
    if (inName > limits.maxStarsPerName) return `using more than ${limits.maxStarsPerName} * in one name`
    stars += inName
  }
  if (stars > limits.maxStars) return `using more than ${limits.maxStars} * (not counting **)`
  if (globstars > limits.maxGlobstars) return `using ** more than ${limits.maxGlobstars} times`
  let depth = 0
  let braces = 0
  for (const char of pattern) {
    if (char === '{') {
      braces++
      depth++
      if (depth > limits.maxBraceDepth) return `nesting { } more than ${limits.maxBraceDepth} deep`
    } else if (char === '}') depth = Math.max(0, depth - 1)
  }
  if (braces > limits.maxBraces) return `using more than ${limits.maxBraces} { }`
  return undefined
}

/** `glob.invalid_pattern` for `pattern`, shown cut short. */
export function invalidGlob(pattern: string, problem: string): ToolError {
  return new ToolError('glob.invalid_pattern', fillText(invalidText, { pattern: shownPath(pattern), problem }))
}

/**
 * Compiles a glob (picomatch syntax without extglobs, dotfiles included) into a path test.
 * @throws ToolError `glob.invalid_pattern` past {@link globLimits} or when picomatch refuses it
 */
export function compileGlob(pattern: string): (path: string) => boolean {
  const problem = globSizeProblem(pattern)
  if (problem !== undefined) throw invalidGlob(pattern, problem)
  try {
    return picomatch(pattern, { dot: true, noextglob: true })
  } catch (error) {
    throw invalidGlob(pattern, `not a valid glob (${(error as Error).message})`)
  }
}

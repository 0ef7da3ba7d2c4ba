import { parseToolId, ToolIdError } from './tool-id.js'

/**
 * Tool patterns: a ToolId, or a glob over ToolIds where `*` matches any run of characters
 * (including `/` and `:`) and `?` one character. `extension/*` matches every extension tool.
 */

/** Returns why `pattern` is not a usable tool pattern, or `undefined` when it is. */
export function toolPatternProblem(pattern: string): string | undefined {
  if (pattern === '') return 'is empty'
  if (/\s/.test(pattern)) return 'contains white space'
  if (/[*?]/.test(pattern)) {
    const provider = pattern.split(/[:/]/, 1)[0] ?? ''
    if (!/[*?]/.test(provider) && !['builtin', 'mcp', 'extension', 'process'].includes(provider)) {
      return `starts with unknown provider "${provider}"; use builtin, mcp, extension or process`
    }
    return undefined
  }
  try {
    parseToolId(pattern)
    return undefined
  } catch (error) {
    if (error instanceof ToolIdError) return error.message.replace(/^Tool id "[^"]*" /, '')
    throw error
  }
}

const compiled = new Map<string, RegExp>()

/**
 * True when `toolId` matches `pattern`.
 * @example matchesToolPattern('extension/*', 'extension/notes:append') // true
 */
export function matchesToolPattern(pattern: string, toolId: string): boolean {
  if (!/[*?]/.test(pattern)) return pattern === toolId
  let regex = compiled.get(pattern)
  if (regex === undefined) {
    const body = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')
    regex = new RegExp(`^${body}$`, 's')
    compiled.set(pattern, regex)
  }
  return regex.test(toolId)
}

/** Index of the first pattern that matches, or -1. */
export function firstMatchingPattern(patterns: readonly string[], toolId: string): number {
  return patterns.findIndex((pattern) => matchesToolPattern(pattern, toolId))
}

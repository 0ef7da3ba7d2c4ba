import { describe, expect, it } from 'vitest'
import { compileMatcher } from './line-matcher.js'
import { regexLimits, regexSizeProblem } from './regex-limits.js'

const codeOf = (pattern: string) => {
  try {
    compileMatcher(pattern, false)
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code
  }
}

describe('regex limits', () => {
  it('lets everyday patterns through', () => {
    for (const pattern of [
      'function\\s+load\\w*',
      'TODO|FIXME',
      '(ab)+',
      '(foo|bar)',
      '(?:\\d{1,3}\\.){3}\\d{1,3}',
      'a{2}(b)?',
      '[(+*]+',
      '\\(a+\\)+',
      'x(a){0,1}',
      '(?<year>\\d{4})-\\d\\d',
    ]) {
      expect(regexSizeProblem(pattern), pattern).toBeUndefined()
    }
  })

  it('refuses repeated groups that hold repetition or alternatives, the patterns that backtrack exponentially', () => {
    for (const pattern of [
      '(a+)+$',
      '(a*)*',
      '(\\w+\\s?)*x',
      '(a|a)+$',
      '((ab)+c)*',
      '(?:a+){2,}',
      '(a|b){11}',
      '(a{1,5})+',
      '(x(a|b))+',
      '(a+)+?b',
    ]) {
      expect(regexSizeProblem(pattern), pattern).toBeDefined()
      expect(codeOf(pattern), pattern).toBe('search.invalid_pattern')
    }
  })

  it('refuses a pattern past the length limit, showing it cut short', () => {
    const pattern = 'b'.repeat(regexLimits.maxChars + 1)
    try {
      compileMatcher(pattern, false)
    } catch (error) {
      expect((error as { code?: string }).code).toBe('search.invalid_pattern')
      expect((error as Error).message.length).toBeLessThan(500)
    }
    expect.assertions(2)
  })
})

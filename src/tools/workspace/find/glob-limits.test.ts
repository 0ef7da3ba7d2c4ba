import { describe, expect, it } from 'vitest'
import { compileGlob, globLimits, globSizeProblem } from './glob-limits.js'

const codeOf = (pattern: string) => {
  try {
    compileGlob(pattern)
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code
  }
}

describe('glob limits', () => {
  it('lets everyday globs through', () => {
    for (const pattern of [
      'src/**/*.ts',
      '**/*.{test,spec}.*',
      '*foo*bar*',
      '{a,{b,c}}/*.md',
      '**/src/**/lib/**/*.js',
    ]) {
      expect(globSizeProblem(pattern), pattern).toBeUndefined()
      expect(codeOf(pattern), pattern).toBe('ok')
    }
  })

  it('refuses patterns whose matching could take minutes, before compiling them', () => {
    const over = [
      'b'.repeat(globLimits.maxChars + 1),
      'b'.repeat(100_000),
      `${'*a'.repeat(globLimits.maxStarsPerName)}*`,
      `${'*a/'.repeat(globLimits.maxStars + 1)}x`,
      `${'**/'.repeat(globLimits.maxGlobstars + 1)}x`,
      `${'{'.repeat(500)}a${'}'.repeat(500)}`,
      '{a,b}'.repeat(globLimits.maxBraces + 1),
      '*'.repeat(5000),
    ]
    for (const pattern of over) expect(codeOf(pattern), pattern.slice(0, 30)).toBe('glob.invalid_pattern')
  })

  it('shows a refused pattern cut short', () => {
    try {
      compileGlob('b'.repeat(100_000))
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(500)
    }
    expect.assertions(1)
  })

  it('matches extglob characters literally', () => {
    expect(compileGlob('+(a|b).txt')('+(a|b).txt')).toBe(true)
    expect(compileGlob('+(a|b).txt')('a.txt')).toBe(false)
  })
})

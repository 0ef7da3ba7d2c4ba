import { describe, expect, it } from 'vitest'
import { analyseCommand } from './match-command.js'
import type { MatchPurpose } from './permission-part.js'
import { commandSpecifierMatches } from './specifier.js'

/** True when `specifier` covers every simple command of `command`. */
function matches(specifier: string, command: string, purpose: MatchPurpose = 'allow'): boolean {
  const analysis = analyseCommand(command)
  if (!analysis.ok) throw new Error(`${command}: ${analysis.problem}`)
  return analysis.parts.every((part) => commandSpecifierMatches(specifier, part, purpose))
}

describe('allow rules tell a literal *, ? or [ from a file name pattern', () => {
  it('a quoted one matches only one the command quotes or escapes', () => {
    expect(matches(`rm '*'`, `rm '*'`)).toBe(true)
    expect(matches(`rm '*'`, `rm "*"`)).toBe(true)
    expect(matches(`rm '*'`, 'rm \\*')).toBe(true)
    expect(matches(`rm '*'`, 'rm *')).toBe(false)
    expect(matches(`rm "a?"`, 'rm a?')).toBe(false)
    expect(matches(`rm '[a]'`, 'rm [a]')).toBe(false)
    expect(matches(`rm 'x*'`, `rm 'x'*`)).toBe(false)
  })
  it('an escaped one matches the pattern exactly, and a file of that name', () => {
    expect(matches('rm build/\\*', 'rm build/*')).toBe(true)
    expect(matches('rm build/\\*', `rm 'build/*'`)).toBe(true)
    expect(matches('rm build/\\*', 'rm build/x')).toBe(false)
    expect(matches('rm build/\\*', 'rm build/../important.ts')).toBe(false)
    expect(matches('rm \\[a]', 'rm [a]')).toBe(true)
    expect(matches('rm \\[a]', 'rm a')).toBe(false)
  })
  it('an unquoted * stays a wildcard for both', () => {
    expect(matches('rm build/*', 'rm build/*')).toBe(true)
    expect(matches('rm build/*', `rm 'build/*'`)).toBe(true)
    expect(matches('rm build/*', 'rm build/x')).toBe(true)
    expect(matches('rm *', `rm '*' x`)).toBe(true)
  })
  it('deny and ask rules compare the text, so a quoted * there covers the pattern too', () => {
    expect(matches(`rm '*'`, 'rm *', 'restrict')).toBe(true)
    expect(matches(`rm '*'`, `rm '*'`, 'restrict')).toBe(true)
  })
  it('assignment values are never patterns', () => {
    expect(matches(`X='*' make`, 'X=* make')).toBe(true)
    expect(matches(`X='*' make`, `X='*' make`)).toBe(true)
  })
  it('redirection targets are read the same way', () => {
    expect(matches(`echo hi > 'out*'`, 'echo hi > out*')).toBe(false)
    expect(matches(`echo hi > 'out*'`, `echo hi > 'out*'`)).toBe(true)
    expect(matches('echo hi > out\\*', 'echo hi > out*')).toBe(true)
  })
})

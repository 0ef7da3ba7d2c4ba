import { describe, expect, it } from 'vitest'
import { normaliseWorkspacePath, pathSpecifierMatches } from './match-path.js'

describe('normaliseWorkspacePath', () => {
  it.each([
    ['src/a.ts', 'src/a.ts'],
    ['./src/a.ts', 'src/a.ts'],
    ['src//a.ts', 'src/a.ts'],
    ['src/./x/../a.ts', 'src/a.ts'],
    ['src/', 'src'],
    ['src\\lib\\a.ts', 'src/lib/a.ts'],
    ['a/..', ''],
    ['.', ''],
    ['', ''],
    ['..a/b', '..a/b'],
    ['a/...', 'a/...'],
  ])('%j → %j', (raw, path) => {
    expect(normaliseWorkspacePath(raw)).toEqual({ ok: true, path })
  })

  it.each([
    ['..', /leaves the workspace/],
    ['../x', /leaves the workspace/],
    ['a/../../x', /leaves the workspace/],
    ['a/b/../../../x', /leaves the workspace/],
    ['..\\x', /leaves the workspace/],
    ['/etc/passwd', /absolute/],
    ['//host/share', /absolute/],
    ['\\\\host\\share', /absolute/],
    ['C:\\Windows', /absolute/],
    ['c:/x', /absolute/],
    ['~', /home directory/],
    ['~/.ssh/id_rsa', /home directory/],
    ['src/a\0.ts', /NUL/],
  ])('refuses %j', (raw, problem) => {
    const result = normaliseWorkspacePath(raw)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problem).toMatch(problem)
  })
})

describe('pathSpecifierMatches', () => {
  const allows = (pattern: string, path: string): boolean => pathSpecifierMatches(pattern, path, 'allow')

  it('matches a pattern without slash at any depth, like gitignore', () => {
    expect(allows('*.md', 'README.md')).toBe(true)
    expect(allows('*.md', 'docs/deep/guide.md')).toBe(true)
    expect(allows('*.md', 'docs/guide.mdx')).toBe(false)
    expect(allows('node_modules', 'a/node_modules/x/index.js')).toBe(true)
  })
  it('anchors a pattern with a leading slash, or ./, at the root', () => {
    expect(allows('/build', 'build/out.js')).toBe(true)
    expect(allows('/build', 'src/build/out.js')).toBe(false)
    expect(allows('./build', 'build/out.js')).toBe(true)
    expect(allows('./build', 'src/build/out.js')).toBe(false)
  })
  it('handles ** and patterns with a slash inside', () => {
    expect(allows('src/**', 'src/a.ts')).toBe(true)
    expect(allows('src/**', 'src/a/b/c.ts')).toBe(true)
    expect(allows('src/**', 'lib/src/a.ts')).toBe(false)
    expect(allows('src/*.ts', 'src/a.ts')).toBe(true)
    expect(allows('src/*.ts', 'src/a/b.ts')).toBe(false)
    expect(allows('**/secret*', 'secret.txt')).toBe(true)
    expect(allows('**/secret*', 'a/b/secrets.json')).toBe(true)
    expect(allows('docs/', 'docs/a.md')).toBe(true)
  })
  it('ignores case for deny and ask rules only', () => {
    expect(pathSpecifierMatches('.env', '.ENV', 'restrict')).toBe(true)
    expect(pathSpecifierMatches('.env', '.ENV', 'allow')).toBe(false)
    expect(pathSpecifierMatches('src/**', 'SRC/a.ts', 'allow')).toBe(false)
  })
  it('does not support negation', () => {
    expect(allows('!secret', 'other.txt')).toBe(false)
    expect(allows('!secret', 'secret')).toBe(false)
  })
  it('matches the root only with catch-all patterns', () => {
    expect(allows('**', '')).toBe(true)
    expect(allows('*', '')).toBe(true)
    expect(allows('src/**', '')).toBe(false)
  })
})

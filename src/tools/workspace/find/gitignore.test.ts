import { describe, expect, it } from 'vitest'
import { isIgnored, isIgnoredPath, withIgnoreFile, noIgnores } from './gitignore.js'

const entries: readonly [string, boolean][] = [
  ['a.log', false],
  ['src/keep.log', false],
  ['src/build', true],
  ['src/build', false],
  ['src/deep/x.tmp', false],
  ['docs/readme.md', false],
  ['node_modules', true],
  ['src/Node_Modules', true],
  ['#notes', false],
]

describe('gitignore chains', () => {
  it('gives the same verdicts for rules on names whether tested by name or by path', () => {
    const byName = withIgnoreFile(noIgnores, '', '# comment\n*.log\n!keep.log\nbuild/\nnode_modules\n\n*.tmp\n')
    expect(byName[0]?.byName).toBe(true)
    // The same rules, with one that names a path: every entry is then tested by its path.
    const byPath = withIgnoreFile(noIgnores, '', '*.log\n!keep.log\nbuild/\nnode_modules\n*.tmp\ndocs/x\n')
    expect(byPath[0]?.byName).toBe(false)
    for (const [path, isDirectory] of entries)
      expect([path, isIgnored(byName, path, isDirectory)]).toEqual([path, isIgnored(byPath, path, isDirectory)])
    expect(entries.filter(([path, isDirectory]) => isIgnored(byName, path, isDirectory))).toEqual([
      ['a.log', false],
      ['src/build', true],
      ['src/deep/x.tmp', false],
      ['node_modules', true],
      ['src/Node_Modules', true],
    ])
  })

  it('tests rules with a slash or an escape against paths', () => {
    for (const rules of ['src/*.ts\n', '/top.ts\n', '\\#notes\n', 'a/**/b\n'])
      expect(withIgnoreFile(noIgnores, '', rules)[0]?.byName).toBe(false)
    const chain = withIgnoreFile(noIgnores, 'pkg', 'src/*.ts\n')
    expect(isIgnored(chain, 'pkg/src/a.ts', false)).toBe(true)
    expect(isIgnored(chain, 'pkg/lib/src/a.ts', false)).toBe(false)
  })

  it('tells a path below an ignored directory apart from an entry of the walk', () => {
    const chain = withIgnoreFile(noIgnores, '', 'build/\n')
    expect(isIgnoredPath(chain, 'build/sub', true)).toBe(true)
    // Inside a walk the walk never reaches build/sub, and an entry's own name decides.
    expect(isIgnored(chain, 'build/sub', true)).toBe(false)
  })
})

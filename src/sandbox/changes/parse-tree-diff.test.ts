import { describe, expect, it } from 'vitest'
import { parseTreeDiff } from './parse-tree-diff.js'

const id = (n: number) => String(n).repeat(40)
const raw = (status: string, ...paths: string[]) => [`:100644 100644 ${id(1)} ${id(2)} ${status}`, ...paths]

describe('parseTreeDiff', () => {
  it('reads added, modified, deleted, renamed and binary files with their counts', () => {
    const output = [
      ...raw('R086', 'old name.md', 'new name.md'),
      ...raw('A', 'bin/logo.png'),
      ...raw('D', 'gone.txt'),
      ...raw('M', 'src/ä.ts'),
      ...raw('T', 'link'),
      '1\t1\t',
      'old name.md',
      'new name.md',
      '-\t-\tbin/logo.png',
      '0\t3\tgone.txt',
      '4\t1\tsrc/ä.ts',
      '1\t1\tlink',
      '',
    ].join('\0')
    expect(parseTreeDiff(output)).toEqual([
      { path: 'new name.md', from: 'old name.md', status: 'renamed', additions: 1, deletions: 1, binary: false },
      { path: 'bin/logo.png', status: 'added', additions: 0, deletions: 0, binary: true },
      { path: 'gone.txt', status: 'deleted', additions: 0, deletions: 3, binary: false },
      { path: 'src/ä.ts', status: 'modified', additions: 4, deletions: 1, binary: false },
      { path: 'link', status: 'modified', additions: 1, deletions: 1, binary: false },
    ])
  })

  it('reads paths that hold tabs, colons and line breaks, since records are NUL-separated', () => {
    const path = ':odd\tname\nhere'
    expect(parseTreeDiff([...raw('A', path), `2\t0\t${path}`, ''].join('\0'))).toEqual([
      { path, status: 'added', additions: 2, deletions: 0, binary: false },
    ])
  })

  it('reads no output as no change', () => {
    expect(parseTreeDiff('')).toEqual([])
  })

  it('refuses output of another shape instead of reading it as fewer changes', () => {
    expect(() => parseTreeDiff([...raw('M', 'a'), '1\t0\tb', ''].join('\0'))).toThrow(/does not match/)
    expect(() => parseTreeDiff([...raw('M', 'a')].join('\0'))).toThrow(/ends early/)
    expect(() => parseTreeDiff([...raw('X', 'a'), '1\t0\ta', ''].join('\0'))).toThrow(/unknown status X/)
    expect(() => parseTreeDiff(['1\t0\ta', ''].join('\0'))).toThrow(/unread records/)
  })
})

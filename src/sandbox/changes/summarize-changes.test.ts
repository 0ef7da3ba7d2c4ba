import { describe, expect, it } from 'vitest'
import type { ChangedFile } from './parse-tree-diff.js'
import { summarizeChanges } from './summarize-changes.js'

const file = (path: string, status: ChangedFile['status'], additions = 0, deletions = 0): ChangedFile => ({
  path,
  status,
  additions,
  deletions,
  binary: false,
})

describe('summarizeChanges', () => {
  it('names each file with what happened to it and its line counts', () => {
    expect(
      summarizeChanges([
        file('src/a.ts', 'modified', 4, 1),
        file('b.txt', 'added', 2),
        file('old.md', 'deleted', 0, 9),
      ]),
    ).toBe('Changed 3 files: src/a.ts (+4 −1), b.txt (new, +2), old.md (deleted).')
  })

  it('says where a renamed file came from, and its counts only when its content changed', () => {
    expect(
      summarizeChanges([
        { ...file('docs/b.md', 'renamed'), from: 'b.md' },
        { ...file('c.ts', 'renamed', 2, 1), from: 'lib/c.ts' },
      ]),
    ).toBe('Changed 2 files: docs/b.md (renamed from b.md), c.ts (renamed from lib/c.ts, +2 −1).')
  })

  it('calls binary files binary and an empty new file just new', () => {
    expect(
      summarizeChanges([
        { ...file('logo.png', 'added'), binary: true },
        { ...file('data.bin', 'modified'), binary: true },
        file('empty', 'added'),
      ]),
    ).toBe('Changed 3 files: logo.png (new, binary), data.bin (binary), empty (new).')
  })

  it('names at most 20 files and counts the rest', () => {
    const files = Array.from({ length: 1203 }, (_, n) => file(`f${n}`, 'modified', 1000, 1))
    const summary = summarizeChanges(files)
    expect(summary).toMatch(/^Changed 1,203 files: f0 \(\+1,000 −1\), /)
    expect(summary).toContain('f19 (+1,000 −1), and 1,183 more.')
    expect(summary).not.toContain('f20 ')
  })

  it('says so when nothing changed', () => {
    expect(summarizeChanges([])).toBe('No files changed.')
  })
})

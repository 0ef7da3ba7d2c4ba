import { describe, expect, it } from 'vitest'
import { attachFiles, attachmentCandidates, fileReferences } from './attach-files.js'
import type { ReadOutcome } from './attach-files.js'

const files: Record<string, string> = {
  'src/a.ts': 'export const a = 1\n',
  'my notes.md': 'note',
  'b.txt': 'b',
}

function reader(calls: string[] = []): (path: string) => Promise<ReadOutcome> {
  return async (path) => {
    calls.push(path)
    const text = files[path]
    return text === undefined ? { error: 'no such file' } : { text }
  }
}

const paths = (text: string): string[] => fileReferences(text).map((reference) => reference.path)

describe('fileReferences', () => {
  it('finds @path at the start and after whitespace, up to whitespace', () => {
    expect(paths('@src/a.ts please\nand\t@b.txt')).toEqual(['src/a.ts', 'b.txt'])
  })

  it('reads the quoted form', () => {
    expect(paths('see @"my notes.md" now')).toEqual(['my notes.md'])
    expect(fileReferences('x @"a b"')).toEqual([{ path: 'a b', start: 2, end: 8 }])
  })

  it('leaves out emails, escaped @, a bare @ and an unclosed quote', () => {
    expect(paths('mail a@b.c or \\@x or @ alone or @"open')).toEqual([])
  })

  it('leaves sentence punctuation after a path out of it', () => {
    expect(paths('look at @b.txt, then (@src/a.ts).')).toEqual(['b.txt'])
    expect(paths('look at @b.txt. And @src/a.ts!')).toEqual(['b.txt', 'src/a.ts'])
    expect(fileReferences('@b.txt,')).toEqual([{ path: 'b.txt', start: 0, end: 6 }])
  })
})

describe('attachFiles', () => {
  it('appends one block per distinct file after the text as typed', async () => {
    const calls: string[] = []
    const result = await attachFiles('fix @src/a.ts using @"my notes.md" and @src/a.ts', reader(calls))
    expect(calls).toEqual(['src/a.ts', 'my notes.md'])
    expect(result).toEqual({
      prompt:
        'fix @src/a.ts using @"my notes.md" and @src/a.ts' +
        '\n\n<file path="src/a.ts">\nexport const a = 1\n</file>' +
        '\n\n<file path="my notes.md">\nnote\n</file>',
      attached: ['src/a.ts', 'my notes.md'],
      errors: [],
    })
  })

  it('reports a file that cannot be read and attaches nothing for it', async () => {
    const result = await attachFiles('@missing.txt and @b.txt', reader())
    expect(result).toEqual({
      prompt: '@missing.txt and @b.txt\n\n<file path="b.txt">\nb\n</file>',
      attached: ['b.txt'],
      errors: ['missing.txt: no such file'],
    })
  })

  it('turns a read that throws into an error', async () => {
    const result = await attachFiles('@x', () => Promise.reject(new Error('denied by sandbox')))
    expect(result).toEqual({ prompt: '@x', attached: [], errors: ['x: denied by sandbox'] })
  })

  it('leaves text without references alone and reads nothing', async () => {
    const calls: string[] = []
    expect(await attachFiles('write to a@b.c', reader(calls))).toEqual({
      prompt: 'write to a@b.c',
      attached: [],
      errors: [],
    })
    expect(calls).toEqual([])
  })

  it('escapes quotes in the path attribute', async () => {
    const result = await attachFiles('@a"b&c', async () => ({ text: 'x' }))
    expect(result.prompt).toBe('@a"b&c\n\n<file path="a&quot;b&amp;c">\nx\n</file>')
  })
})

describe('attachmentCandidates', () => {
  const tree: Record<string, string[]> = { '': ['src/', 'README.md', '.git/'], 'src/': ['chat/', 'channels/', 'cli/'] }
  const list = async (dir: string): Promise<readonly string[]> => {
    const names = tree[dir]
    if (names === undefined) throw new Error('not a folder')
    return names
  }

  it('completes the last part of the path within its folder', async () => {
    expect(await attachmentCandidates('src/ch', list)).toEqual(['src/channels/', 'src/chat/'])
    expect(await attachmentCandidates('', list)).toEqual(['README.md', 'src/'])
    expect(await attachmentCandidates('.g', list)).toEqual(['.git/'])
    expect(await attachmentCandidates('nope/x', list)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { diffOfCall, diffOfResult } from './call-diff.js'

const files = (map: Record<string, string>) => async (path: string) => map[path]
const none = async (): Promise<string | undefined> => undefined
const text = 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\n'

describe('diffOfCall: workspace.edit', () => {
  it('diffs the current text against the text with the replacement, with 3 lines of context', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.edit',
      { file_path: 'src/n.txt', old_string: 'five', new_string: 'FIVE' },
      files({ 'src/n.txt': text }),
    )
    expect(patch).toBe(
      '--- src/n.txt\n+++ src/n.txt\n@@ -2,7 +2,7 @@\n two\n three\n four\n-five\n+FIVE\n six\n seven\n eight\n',
    )
  })

  it('replaces only the first occurrence unless replace_all', async () => {
    const read = files({ a: 'x\ny\nx\n' })
    const first = await diffOfCall('builtin:workspace.edit', { file_path: 'a', old_string: 'x', new_string: 'z' }, read)
    expect(first).toBe('--- a\n+++ a\n@@ -1,3 +1,3 @@\n-x\n+z\n y\n x\n')
    const all = await diffOfCall(
      'builtin:workspace.edit',
      { file_path: 'a', old_string: 'x', new_string: 'z', replace_all: true },
      read,
    )
    expect(all).toBe('--- a\n+++ a\n@@ -1,3 +1,3 @@\n-x\n+z\n y\n-x\n+z\n')
  })

  it('keeps $ patterns in the replacement as written', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.edit',
      { file_path: 'a', old_string: 'x', new_string: "$&$'$1" },
      files({ a: 'x\n' }),
    )
    expect(patch).toContain("+$&$'$1\n")
  })

  it('diffs the old text against the new alone when the file or the text is not found', async () => {
    const input = { file_path: 'a.ts', old_string: 'old line', new_string: 'new line' }
    const expected = '--- a.ts\n+++ a.ts\n@@ -1,1 +1,1 @@\n-old line\n+new line\n'
    expect(await diffOfCall('builtin:workspace.edit', input, none)).toBe(expected)
    expect(await diffOfCall('builtin:workspace.edit', input, files({ 'a.ts': 'other\n' }))).toBe(expected)
    const throws = async (): Promise<string> => Promise.reject(new Error('unreadable'))
    expect(await diffOfCall('builtin:workspace.edit', input, throws)).toBe(expected)
  })

  it('shows a new file made by an empty old_string', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.edit',
      { file_path: 'n.md', old_string: '', new_string: 'hi\n' },
      none,
    )
    expect(patch).toBe('--- n.md\n+++ n.md\n@@ -0,0 +1,1 @@\n+hi\n')
  })

  it('matches LF edits in a CRLF file', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.edit',
      { file_path: 'w', old_string: 'a\nb', new_string: 'a\nc' },
      files({ w: 'a\r\nb\r\n' }),
    )
    expect(patch).toBe('--- w\n+++ w\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n')
  })

  it('accepts the renamed parameters the tool accepts', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.edit',
      { path: 'a', old_str: 'x', new_str: 'y' },
      files({ a: 'x\n' }),
    )
    expect(patch).toBe('--- a\n+++ a\n@@ -1,1 +1,1 @@\n-x\n+y\n')
  })
})

describe('diffOfCall: workspace.multi_edit', () => {
  it('applies the edits in order', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.multi_edit',
      {
        file_path: 'n',
        edits: [
          { old_string: 'one', new_string: 'ONE' },
          { old_string: 'ONE\ntwo', new_string: 'ONE\nTWO' },
          { old_string: 'nine', new_string: 'NINE', replace_all: true },
        ],
      },
      files({ n: text }),
    )
    expect(patch).toBe(
      // Changes 6 lines apart share one hunk (3 lines of context on each side).
      '--- n\n+++ n\n@@ -1,9 +1,9 @@\n-one\n-two\n+ONE\n+TWO\n three\n four\n five\n six\n seven\n eight\n-nine\n+NINE\n',
    )
  })

  it('shows each edit alone when one of them is not found', async () => {
    const patch = await diffOfCall(
      'builtin:workspace.multi_edit',
      {
        file_path: 'n',
        edits: [
          { old_string: 'one\n', new_string: '1\n' },
          { old_string: 'missing\n', new_string: 'x\n' },
        ],
      },
      files({ n: text }),
    )
    expect(patch).toBe('--- n\n+++ n\n@@ -1,1 +1,1 @@\n-one\n+1\n@@ -1,1 +1,1 @@\n-missing\n+x\n')
  })

  it('is undefined for malformed edits', async () => {
    const read = files({ n: text })
    expect(await diffOfCall('builtin:workspace.multi_edit', { file_path: 'n', edits: [] }, read)).toBeUndefined()
    expect(await diffOfCall('builtin:workspace.multi_edit', { file_path: 'n', edits: 'x' }, read)).toBeUndefined()
    expect(
      await diffOfCall('builtin:workspace.multi_edit', { file_path: 'n', edits: [{ old_string: 'one' }] }, read),
    ).toBeUndefined()
    expect(await diffOfCall('builtin:workspace.multi_edit', { file_path: 'n', edits: [null] }, read)).toBeUndefined()
  })
})

describe('diffOfCall: workspace.write_file', () => {
  it('diffs a new file against empty text', async () => {
    const patch = await diffOfCall('builtin:workspace.write_file', { file_path: 'a.txt', content: 'hi\n' }, none)
    expect(patch).toBe('--- a.txt\n+++ a.txt\n@@ -0,0 +1,1 @@\n+hi\n')
  })

  it('diffs the current text against the content, or against both when appending', async () => {
    const read = files({ a: 'x\n' })
    expect(await diffOfCall('builtin:workspace.write_file', { file_path: 'a', content: 'y\n' }, read)).toBe(
      '--- a\n+++ a\n@@ -1,1 +1,1 @@\n-x\n+y\n',
    )
    expect(
      await diffOfCall('builtin:workspace.write_file', { file_path: 'a', content: 'y\n', mode: 'append' }, read),
    ).toBe('--- a\n+++ a\n@@ -1,1 +1,2 @@\n x\n+y\n')
  })

  it('is undefined when nothing would change', async () => {
    expect(
      await diffOfCall('builtin:workspace.write_file', { file_path: 'a', content: 'x\n' }, files({ a: 'x\n' })),
    ).toBeUndefined()
  })
})

describe('diffOfCall: other tools and malformed input', () => {
  it('gives an apply-patch text as it is', async () => {
    const patch = '*** Begin Patch\n*** Add File: a\n+x\n*** End Patch'
    expect(await diffOfCall('builtin:workspace.apply_patch', { patch }, none)).toBe(patch)
    expect(await diffOfCall('builtin:workspace.apply_patch', { patch: '  ' }, none)).toBeUndefined()
  })

  it('is undefined for tools that change no files', async () => {
    expect(await diffOfCall('builtin:workspace.read_file', { file_path: 'a' }, none)).toBeUndefined()
    expect(await diffOfCall('mcp:fs.write', { file_path: 'a', content: 'x' }, none)).toBeUndefined()
  })

  it('is undefined for malformed input and never throws', async () => {
    const read = files({ a: 'x\n' })
    for (const input of [
      {},
      { file_path: 1, old_string: 'x', new_string: 'y' },
      { file_path: 'a', old_string: 'x' },
      { file_path: 'a', old_string: 'x', new_string: 'y', replace_all: 'yes' },
      { file_path: '', old_string: 'x', new_string: 'y' },
    ]) {
      expect(await diffOfCall('builtin:workspace.edit', input, read)).toBeUndefined()
    }
    expect(await diffOfCall('builtin:workspace.write_file', { file_path: 'a', content: 3 }, read)).toBeUndefined()
    expect(
      await diffOfCall('builtin:workspace.write_file', { file_path: 'a', content: 'x', mode: 'x' }, read),
    ).toBeUndefined()
    expect(await diffOfCall('builtin:workspace.apply_patch', { patch: 3 }, read)).toBeUndefined()
  })
})

describe('diffOfResult', () => {
  it('gives the patch a shell command reported', () => {
    expect(diffOfResult({ structured: { changes: { files: [], patch: '--- a\n+++ a\n' } } })).toBe('--- a\n+++ a\n')
  })

  it('is undefined without a non-empty patch', () => {
    expect(diffOfResult({})).toBeUndefined()
    expect(diffOfResult({ structured: {} })).toBeUndefined()
    expect(diffOfResult({ structured: { changes: { patch: '' } } })).toBeUndefined()
    expect(diffOfResult({ structured: { changes: { patch: 3 } } })).toBeUndefined()
    expect(diffOfResult({ structured: { changes: 'x' } })).toBeUndefined()
  })
})

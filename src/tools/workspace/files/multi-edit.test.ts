import { existsSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callTool, failure, fileToolsSetup } from './__fixtures__/file-tools-setup.js'
import { multiEditTool } from './multi-edit.js'
import { readFileTool } from './read-file.js'

const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}`)

async function setupRead(content: string, path = 'a.txt') {
  const setup = fileToolsSetup()
  setup.put(path, content)
  await callTool(readFileTool, { file_path: path }, setup.ctx)
  return setup
}

describe('workspace.multi_edit', () => {
  it('applies edits in order, each to the text the previous ones left, and shows every changed region', async () => {
    const content = `${lines(30).join('\n')}\n`
    const { ctx, text } = await setupRead(content)
    const edits = [
      { old_string: 'line 2\n', new_string: 'line two\nline two and a half\n' },
      { old_string: 'line two and a half', new_string: 'line 2.5' },
      { old_string: 'line 28', new_string: 'line twenty-eight' },
    ]
    const output = await callTool(multiEditTool, { file_path: 'a.txt', edits }, ctx)
    expect(text('a.txt')).toBe(
      content.replace('line 2\n', 'line two\nline 2.5\n').replace('line 28', 'line twenty-eight'),
    )
    expect(output.structured).toEqual({ path: 'a.txt', replacements: 3, firstLine: 2, created: false, edits: 3 })
    const shown = output.content.split('\n')
    expect(shown[0]).toBe('Edited "a.txt": 3 edits, 3 replacements, from line 2.')
    expect(shown).toContain('     3\tline 2.5')
    expect(shown).toContain('     …')
    // Line 28 moved to 29 after the first edit added a line.
    expect(shown).toContain('    29\tline twenty-eight')
    expect(shown.at(-1)).toBe('    31\tline 30')
  })

  it('writes nothing when any edit fails, naming the failing edit', async () => {
    const content = 'alpha\nbeta\ngamma\nbeta\n'
    const { ctx, text } = await setupRead(content)
    const missing = await failure(
      callTool(
        multiEditTool,
        {
          file_path: 'a.txt',
          edits: [
            { old_string: 'alpha', new_string: 'ALPHA' },
            { old_string: 'alpha', new_string: 'again' },
          ],
        },
        ctx,
      ),
    )
    expect(missing.code).toBe('edit.not_found')
    expect(missing.message).toBe(
      'edits[1] (edit 2 of 2) failed, so nothing was written: old_string was not found in "a.txt". Edits apply in order, so this old_string must match the text as the earlier edits left it. The most similar line is line 1:\n     1\tALPHA',
    )
    const ambiguous = await failure(
      callTool(
        multiEditTool,
        {
          file_path: 'a.txt',
          edits: [
            { old_string: 'gamma', new_string: 'G' },
            { old_string: 'beta', new_string: 'B' },
          ],
        },
        ctx,
      ),
    )
    expect(ambiguous.code).toBe('edit.not_unique')
    expect(ambiguous.message).toMatch(
      /^edits\[1\] \(edit 2 of 2\) failed, so nothing was written: old_string occurs 2 times in "a.txt" \(at lines 2, 4\)/,
    )
    const same = await failure(
      callTool(multiEditTool, { file_path: 'a.txt', edits: [{ old_string: 'gamma', new_string: 'gamma' }] }, ctx),
    )
    expect(same.code).toBe('edit.no_change')
    expect(same.message).toMatch(/^edits\[0\] \(edit 1 of 1\)/)
    expect(text('a.txt')).toBe(content)
    await callTool(
      multiEditTool,
      {
        file_path: 'a.txt',
        edits: [
          { old_string: 'beta', new_string: 'B', replace_all: true },
          { old_string: 'gamma', new_string: 'G' },
        ],
      },
      ctx,
    )
    expect(text('a.txt')).toBe('alpha\nB\nG\nB\n')
  })

  it('keeps CRLF endings and a BOM', async () => {
    const { ctx, bytes } = await setupRead('\ufeffa\r\nb\r\nc\r\n')
    await callTool(
      multiEditTool,
      {
        file_path: 'a.txt',
        edits: [
          { old_string: 'a\nb', new_string: 'A\nB\nB2' },
          { old_string: 'c\n', new_string: 'C\n' },
        ],
      },
      ctx,
    )
    expect(bytes('a.txt')).toEqual(Buffer.from('\ufeffA\r\nB\r\nB2\r\nC\r\n'))
  })

  it('creates a file when the first edit has an empty old_string', async () => {
    const { ctx, text } = fileToolsSetup()
    const output = await callTool(
      multiEditTool,
      {
        file_path: 'n.md',
        edits: [
          { old_string: '', new_string: '# Title\nbody\n' },
          { old_string: 'body', new_string: 'Body' },
        ],
      },
      ctx,
    )
    expect(text('n.md')).toBe('# Title\nBody\n')
    expect(output.structured).toMatchObject({ created: true, edits: 2, replacements: 2 })
    expect(
      (
        await failure(
          callTool(multiEditTool, { file_path: 'm.md', edits: [{ old_string: 'x', new_string: 'y' }] }, ctx),
        )
      ).code,
    ).toBe('workspace.not_found')
  })

  it('requires a read and an unchanged file', async () => {
    const { ctx, put, text } = fileToolsSetup()
    put('a.txt', 'one\n')
    const edits = [{ old_string: 'one', new_string: '1' }]
    expect((await failure(callTool(multiEditTool, { file_path: 'a.txt', edits }, ctx))).code).toBe(
      'workspace.read_required',
    )
    await callTool(readFileTool, { file_path: 'a.txt' }, ctx)
    put('a.txt', 'one\ntwo\n')
    expect((await failure(callTool(multiEditTool, { file_path: 'a.txt', edits }, ctx))).code).toBe(
      'workspace.file_changed',
    )
    expect(text('a.txt')).toBe('one\ntwo\n')
  })

  it('refuses read-only mounts and paths outside the workspace', async () => {
    const { ctx, project, outside } = fileToolsSetup()
    const edits = [{ old_string: '', new_string: 'x' }]
    await callTool(readFileTool, { file_path: 'tool-results/r.txt' }, ctx)
    expect(
      (
        await failure(
          callTool(
            multiEditTool,
            { file_path: 'tool-results/r.txt', edits: [{ old_string: 'result', new_string: 'x' }] },
            ctx,
          ),
        )
      ).code,
    ).toBe('workspace.read_only')
    symlinkSync(outside, join(project, 'out'))
    for (const file_path of [
      '../x.txt',
      `${project}/../x.txt`,
      'out/planted.txt',
      join(project, 'out', 'planted.txt'),
    ]) {
      expect((await failure(callTool(multiEditTool, { file_path, edits }, ctx))).code, file_path).toBe(
        'workspace.path_outside',
      )
    }
    expect(existsSync(join(outside, 'planted.txt'))).toBe(false)
  })

  it('validates the number of edits and declares write claims', async () => {
    const validate = multiEditTool.inputSchema['~standard'].validate
    expect((await validate({ file_path: 'a', edits: [] })).issues).toBeDefined()
    expect((await validate({ file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }] })).issues).toBeUndefined()
    expect(multiEditTool.resources?.({ file_path: 'a', edits: [] })).toEqual([
      { kind: 'file', path: 'a', access: 'write' },
    ])
    expect(
      multiEditTool.renderToolUseMessage?.({ file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }] }),
    ).toBe('Edit a (1 change)')
  })
})

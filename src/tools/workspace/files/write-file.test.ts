import { existsSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../workspace/sha256.js'
import { callTool, failure, fileToolsSetup } from './__fixtures__/file-tools-setup.js'
import { readFileTool } from './read-file.js'
import { writeFileTool } from './write-file.js'

describe('workspace.write_file', () => {
  it('creates a new file and its directories without a read, and records it as fully read', async () => {
    const { ctx, text } = fileToolsSetup()
    const output = await callTool(writeFileTool, { file_path: 'docs/new/notes.md', content: '# Notes\n- one\n' }, ctx)
    expect(output.content).toBe('Created "docs/new/notes.md": wrote 2 lines (14 bytes).')
    expect(output.structured).toEqual({
      path: 'docs/new/notes.md',
      action: 'created',
      lines: 2,
      bytes: 14,
      totalLines: 2,
    })
    expect(text('docs/new/notes.md')).toBe('# Notes\n- one\n')
    expect(ctx.readState.get('docs/new/notes.md')).toMatchObject({ sha256: sha256Hex('# Notes\n- one\n'), full: true })
    // Having written it, the model may replace it again without reading.
    await callTool(writeFileTool, { file_path: 'docs/new/notes.md', content: 'two\n' }, ctx)
    expect(text('docs/new/notes.md')).toBe('two\n')
  })

  it('refuses to overwrite a file it has not read', async () => {
    const { ctx, put, text } = fileToolsSetup()
    put('a.txt', 'old\n')
    expect(await failure(callTool(writeFileTool, { file_path: 'a.txt', content: 'new\n' }, ctx))).toEqual({
      code: 'workspace.read_required',
      message:
        '"a.txt" already exists and you have not read it. Read the whole file with workspace_read_file before you replace it or append to it.',
    })
    expect(text('a.txt')).toBe('old\n')
  })

  it('refuses after a partial read, and writes after a full one', async () => {
    const { ctx, put, text } = fileToolsSetup()
    put('a.txt', 'one\ntwo\nthree\n')
    await callTool(readFileTool, { file_path: 'a.txt', limit: 1 }, ctx)
    const partial = await failure(callTool(writeFileTool, { file_path: 'a.txt', content: 'new\n' }, ctx))
    expect(partial.code).toBe('workspace.read_required')
    expect(partial.message).toBe(
      'You have read only part of "a.txt". Read the whole file with workspace_read_file (without offset or limit) before you replace it or append to it. To change only parts of it, use workspace_edit.',
    )
    await callTool(readFileTool, { file_path: 'a.txt' }, ctx)
    const output = await callTool(writeFileTool, { file_path: 'a.txt', content: 'new\n' }, ctx)
    expect(output.content).toBe('Updated "a.txt": wrote 1 line (4 bytes) over its previous content.')
    expect(text('a.txt')).toBe('new\n')
  })

  it('refuses when the file changed on disk since it was read', async () => {
    const { ctx, put, text } = fileToolsSetup()
    put('a.txt', 'one\n')
    await callTool(readFileTool, { file_path: 'a.txt' }, ctx)
    put('a.txt', 'someone else\n')
    expect(await failure(callTool(writeFileTool, { file_path: 'a.txt', content: 'mine\n' }, ctx))).toEqual({
      code: 'workspace.file_changed',
      message: '"a.txt" changed since you read it. Read it again with workspace_read_file, then retry.',
    })
    expect(
      await failure(callTool(writeFileTool, { file_path: 'a.txt', content: 'mine\n', mode: 'append' }, ctx)),
    ).toMatchObject({ code: 'workspace.file_changed' })
    expect(text('a.txt')).toBe('someone else\n')
  })

  it('appends after a full read, and creates a missing file when appending', async () => {
    const { ctx, put, text } = fileToolsSetup()
    put('log.txt', 'one\n')
    expect(
      (await failure(callTool(writeFileTool, { file_path: 'log.txt', content: 'two\n', mode: 'append' }, ctx))).code,
    ).toBe('workspace.read_required')
    await callTool(readFileTool, { file_path: 'log.txt' }, ctx)
    const output = await callTool(writeFileTool, { file_path: 'log.txt', content: 'two\nthree\n', mode: 'append' }, ctx)
    expect(output.content).toBe('Appended 2 lines (10 bytes) to "log.txt"; it now has 3 lines.')
    expect(output.structured).toMatchObject({ action: 'appended', lines: 2, bytes: 10, totalLines: 3 })
    expect(text('log.txt')).toBe('one\ntwo\nthree\n')
    await callTool(writeFileTool, { file_path: 'fresh.log', content: 'x\n', mode: 'append' }, ctx)
    expect(text('fresh.log')).toBe('x\n')
  })

  it("keeps an existing file's CRLF endings and BOM", async () => {
    const { ctx, put, bytes } = fileToolsSetup()
    put('win.txt', '\ufeffa\r\nb\r\n')
    await callTool(readFileTool, { file_path: 'win.txt' }, ctx)
    const output = await callTool(writeFileTool, { file_path: 'win.txt', content: 'x\ny\n' }, ctx)
    expect(bytes('win.txt')).toEqual(Buffer.from('\ufeffx\r\ny\r\n'))
    expect(output.content).toBe(
      'Updated "win.txt": wrote 2 lines (9 bytes) over its previous content. Kept the file\'s CRLF line endings and byte-order mark.',
    )
    await callTool(writeFileTool, { file_path: 'win.txt', content: 'z\n', mode: 'append' }, ctx)
    expect(bytes('win.txt')).toEqual(Buffer.from('\ufeffx\r\ny\r\nz\r\n'))
    // Content that already has CRs is written as given; an LF file stays LF.
    await callTool(writeFileTool, { file_path: 'win.txt', content: 'p\nq\r\n' }, ctx)
    expect(bytes('win.txt')).toEqual(Buffer.from('\ufeffp\nq\r\n'))
    put('unix.txt', 'a\n')
    await callTool(readFileTool, { file_path: 'unix.txt' }, ctx)
    await callTool(writeFileTool, { file_path: 'unix.txt', content: 'b\nc\n' }, ctx)
    expect(bytes('unix.txt')).toEqual(Buffer.from('b\nc\n'))
  })

  it('writes nothing when the content is unchanged', async () => {
    const { ctx, put } = fileToolsSetup()
    put('same.txt', 'same\n')
    await callTool(readFileTool, { file_path: 'same.txt' }, ctx)
    const output = await callTool(writeFileTool, { file_path: 'same.txt', content: 'same\n' }, ctx)
    expect(output.content).toBe('"same.txt" already has exactly this content; nothing was written.')
  })

  it('refuses directories, a file in place of a parent directory, and read-only mounts', async () => {
    const { ctx, put, results } = fileToolsSetup()
    put('src/a.ts', 'x\n')
    expect((await failure(callTool(writeFileTool, { file_path: 'src', content: 'x' }, ctx))).code).toBe(
      'workspace.is_directory',
    )
    expect(await failure(callTool(writeFileTool, { file_path: 'src/a.ts/b.ts', content: 'x' }, ctx))).toEqual({
      code: 'workspace.parent_not_directory',
      message: 'Cannot create "src/a.ts/b.ts": "src/a.ts" is a file, not a directory.',
    })
    await callTool(readFileTool, { file_path: 'tool-results/r.txt' }, ctx)
    for (const file_path of ['tool-results/r.txt', 'tool-results/new.txt']) {
      expect((await failure(callTool(writeFileTool, { file_path, content: 'x' }, ctx))).code, file_path).toBe(
        'workspace.read_only',
      )
    }
    expect(existsSync(join(results, 'new.txt'))).toBe(false)
  })

  it('refuses paths outside the workspace', async () => {
    const { ctx, project, outside } = fileToolsSetup()
    symlinkSync(join(outside, 'secret.txt'), join(project, 'link.txt'))
    symlinkSync(outside, join(project, 'out'))
    for (const file_path of [
      '../x.txt',
      `${project}/../x.txt`,
      'link.txt',
      'out/planted.txt',
      join(project, 'out', 'planted.txt'),
    ]) {
      expect((await failure(callTool(writeFileTool, { file_path, content: 'x' }, ctx))).code, file_path).toBe(
        'workspace.path_outside',
      )
    }
    expect(existsSync(join(outside, 'planted.txt'))).toBe(false)
    // An absolute path outside every mount means the workspace root: it lands inside the project, never at that host path.
    await callTool(writeFileTool, { file_path: join(outside, 'x.txt'), content: 'x' }, ctx)
    expect(existsSync(join(outside, 'x.txt'))).toBe(false)
    expect(existsSync(join(project, outside, 'x.txt'))).toBe(true)
  })

  it('declares write claims, a write subject and renders its messages', () => {
    expect(writeFileTool.resources?.({ file_path: 'a', content: '' })).toEqual([
      { kind: 'file', path: 'a', access: 'write' },
    ])
    expect(writeFileTool.permissionSubject?.({ file_path: 'a', content: '' })).toEqual({
      kind: 'path',
      paths: ['a'],
      access: 'write',
    })
    expect(writeFileTool.annotations?.readOnly).not.toBe(true)
    expect(writeFileTool.renderToolUseMessage?.({ file_path: 'a', content: '', mode: 'append' })).toBe('Append to a')
    expect(writeFileTool.renderToolResultMessage?.({ content: '', structured: { action: 'created', lines: 3 } })).toBe(
      'Created (3 lines)',
    )
  })

  it('looks at each parent folder of a new deep file at most once', async () => {
    const { ctx, workspace, put, text } = fileToolsSetup()
    put('a/keep.txt', 'x')
    const looked: string[] = []
    const counting = { ...workspace, stat: (path: string) => (looked.push(path), workspace.stat(path)) }
    const path = `a/${'d/'.repeat(200)}f.txt`
    await callTool(writeFileTool, { file_path: path, content: 'deep\n' }, { ...ctx, workspace: counting })
    expect(text(path)).toBe('deep\n')
    expect(new Set(looked).size).toBe(looked.length)
    // The root-most missing folder ends the walk: `a`, then `a/d`.
    expect(looked.filter((p) => p !== path)).toEqual(['a', 'a/d'])
  })
})

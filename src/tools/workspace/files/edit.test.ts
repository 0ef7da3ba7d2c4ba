import { existsSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../../workspace/sha256.js'
import { callTool, failure, fileToolsSetup } from './__fixtures__/file-tools-setup.js'
import { editTool } from './edit.js'
import { readFileTool } from './read-file.js'

const source = [
  'import x from "x"',
  '',
  'function greet(name) {',
  '  return `hello ${name}`',
  '}',
  '',
  'greet("a")',
  'greet("b")',
  'greet("c")',
  '',
].join('\n')

async function setupRead(content: string | Uint8Array = source, path = 'src/app.js') {
  const setup = fileToolsSetup()
  setup.put(path, content)
  await callTool(readFileTool, { file_path: path }, setup.ctx)
  return setup
}

describe('workspace.edit', () => {
  it('replaces a unique string and shows the edited region with line numbers', async () => {
    const { ctx, text } = await setupRead()
    const output = await callTool(
      editTool,
      {
        file_path: 'src/app.js',
        old_string: '  return `hello ${name}`',
        new_string: '  const text = `hi ${name}`\n  return text',
      },
      ctx,
    )
    expect(text('src/app.js')).toBe(
      source.replace('  return `hello ${name}`', '  const text = `hi ${name}`\n  return text'),
    )
    expect(output.structured).toEqual({ path: 'src/app.js', replacements: 1, firstLine: 4, created: false })
    expect(output.content).toBe(
      [
        'Edited "src/app.js": 1 replacement, at line 4.',
        '     1\timport x from "x"',
        '     2\t',
        '     3\tfunction greet(name) {',
        '     4\t  const text = `hi ${name}`',
        '     5\t  return text',
        '     6\t}',
        '     7\t',
        '     8\tgreet("a")',
      ].join('\n'),
    )
    expect(ctx.readState.get('src/app.js')).toMatchObject({ sha256: sha256Hex(text('src/app.js')), full: true })
    // The recorded hash lets the model go on editing without reading again.
    await callTool(
      editTool,
      { file_path: 'src/app.js', old_string: 'return text', new_string: 'return text.trim()' },
      ctx,
    )
    expect(text('src/app.js')).toContain('return text.trim()')
  })

  it('refuses a string that occurs more than once, and replaces all with replace_all', async () => {
    const { ctx, text } = await setupRead()
    expect(
      await failure(callTool(editTool, { file_path: 'src/app.js', old_string: 'greet(', new_string: 'welcome(' }, ctx)),
    ).toEqual({
      code: 'edit.not_unique',
      message:
        'old_string occurs 4 times in "src/app.js" (at lines 3, 7, 8, 9). Add surrounding lines to old_string so that it matches once, or set replace_all to change every occurrence.',
    })
    expect(text('src/app.js')).toBe(source)
    const output = await callTool(
      editTool,
      { file_path: 'src/app.js', old_string: 'greet(', new_string: 'welcome(', replace_all: true },
      ctx,
    )
    expect(output.structured).toMatchObject({ replacements: 4, firstLine: 3 })
    expect(text('src/app.js')).toBe(source.replaceAll('greet(', 'welcome('))
    expect(editTool.renderToolResultMessage?.(output)).toBe('4 replacements from line 3')
  })

  it('counts overlapping occurrences as ambiguous', async () => {
    const { ctx } = await setupRead('aaa\n', 'a.txt')
    expect(
      (await failure(callTool(editTool, { file_path: 'a.txt', old_string: 'aa', new_string: 'b' }, ctx))).code,
    ).toBe('edit.not_unique')
  })

  it('reports a missing string, with a hint when whitespace, quotes or line numbers explain it', async () => {
    const { ctx, put } = await setupRead()
    const notFound = await failure(
      callTool(editTool, { file_path: 'src/app.js', old_string: 'goodbye', new_string: 'x' }, ctx),
    )
    expect(notFound).toEqual({
      code: 'edit.not_found',
      message:
        'old_string was not found in "src/app.js". Read the file again with workspace_read_file and copy the text exactly.',
    })
    const spacing = await failure(
      callTool(
        editTool,
        { file_path: 'src/app.js', old_string: 'function greet(name){\n    return `hello ${name}`', new_string: 'x' },
        ctx,
      ),
    )
    expect(spacing.message).toBe(
      'old_string was not found in "src/app.js". The text matches at line 3 if whitespace is ignored; copy it exactly, with the file\'s indentation and spacing:\n     3\tfunction greet(name) {\n     4\t  return `hello ${name}`',
    )
    const numbers = await failure(
      callTool(editTool, { file_path: 'src/app.js', old_string: '     7\tgreet("a")', new_string: 'x' }, ctx),
    )
    expect(numbers.message).toContain('seems to include the line numbers of the read output')
    const similar = await failure(
      callTool(editTool, { file_path: 'src/app.js', old_string: 'import y from "x"', new_string: 'x' }, ctx),
    )
    expect(similar.message).toBe(
      'old_string was not found in "src/app.js". The most similar line is line 1:\n     1\timport x from "x"',
    )
    put('quotes.md', 'It’s “quoted”.\n')
    await callTool(readFileTool, { file_path: 'quotes.md' }, ctx)
    const quotes = await failure(
      callTool(editTool, { file_path: 'quotes.md', old_string: `It's "quoted".`, new_string: 'x' }, ctx),
    )
    expect(quotes.message).toBe(
      'old_string was not found in "quotes.md". The text matches at line 1 if quote characters are ignored (the file uses other quotes, such as curly ones); copy them exactly:\n     1\tIt’s “quoted”.',
    )
  })

  it('refuses identical strings and an empty old_string on a file with content', async () => {
    const { ctx } = await setupRead()
    expect(
      (await failure(callTool(editTool, { file_path: 'src/app.js', old_string: 'greet', new_string: 'greet' }, ctx)))
        .code,
    ).toBe('edit.no_change')
    expect(
      await failure(callTool(editTool, { file_path: 'src/app.js', old_string: '', new_string: 'x' }, ctx)),
    ).toEqual({
      code: 'edit.empty_old_string',
      message:
        'old_string is empty, but "src/app.js" already has content. Give the exact text to replace. To replace the whole file, use workspace_write_file.',
    })
  })

  it('creates a missing file from an empty old_string, and names a missing file otherwise', async () => {
    const { ctx, put, text } = fileToolsSetup()
    const output = await callTool(editTool, { file_path: 'new/file.txt', old_string: '', new_string: 'a\nb\n' }, ctx)
    expect(output.content).toBe('Created "new/file.txt" with 2 lines (4 bytes).\n     1\ta\n     2\tb')
    expect(output.structured).toMatchObject({ created: true, replacements: 1, firstLine: 1 })
    expect(text('new/file.txt')).toBe('a\nb\n')
    put('notes.md', 'x\n')
    expect(await failure(callTool(editTool, { file_path: 'note.md', old_string: 'x', new_string: 'y' }, ctx))).toEqual({
      code: 'workspace.not_found',
      message:
        'No file at "note.md". Did you mean "notes.md"? To create it, give an empty old_string and the content as new_string.',
    })
    // An existing empty file may be filled the same way, once read.
    put('empty.txt', '')
    expect(
      (await failure(callTool(editTool, { file_path: 'empty.txt', old_string: '', new_string: 'z' }, ctx))).code,
    ).toBe('workspace.read_required')
    await callTool(readFileTool, { file_path: 'empty.txt' }, ctx)
    await callTool(editTool, { file_path: 'empty.txt', old_string: '', new_string: 'z' }, ctx)
    expect(text('empty.txt')).toBe('z')
  })

  it('requires a read (in part is enough) and an unchanged file', async () => {
    const { ctx, put, text } = fileToolsSetup()
    put('a.txt', 'one\ntwo\nthree\n')
    expect(await failure(callTool(editTool, { file_path: 'a.txt', old_string: 'two', new_string: '2' }, ctx))).toEqual({
      code: 'workspace.read_required',
      message:
        'You have not read "a.txt" yet. Read it with workspace_read_file first, so that your edit is based on its current content.',
    })
    await callTool(readFileTool, { file_path: 'a.txt', offset: 2, limit: 1 }, ctx)
    await callTool(editTool, { file_path: 'a.txt', old_string: 'two', new_string: '2' }, ctx)
    expect(text('a.txt')).toBe('one\n2\nthree\n')
    expect(ctx.readState.get('a.txt')?.full).toBe(false)
    put('a.txt', 'one\n2\nthree\nfour\n')
    expect(
      (await failure(callTool(editTool, { file_path: 'a.txt', old_string: 'one', new_string: '1' }, ctx))).code,
    ).toBe('workspace.file_changed')
    expect(text('a.txt')).toBe('one\n2\nthree\nfour\n')
  })

  it('keeps CRLF line endings byte for byte, LF files LF and mixed files as they are', async () => {
    const crlf = await setupRead('a\r\nb\r\nc\r\n', 'win.txt')
    await callTool(editTool, { file_path: 'win.txt', old_string: 'a\nb\n', new_string: 'x\ny\nz\n' }, crlf.ctx)
    expect(crlf.bytes('win.txt')).toEqual(Buffer.from('x\r\ny\r\nz\r\nc\r\n'))
    await callTool(editTool, { file_path: 'win.txt', old_string: 'c', new_string: 'c1\nc2' }, crlf.ctx)
    expect(crlf.bytes('win.txt')).toEqual(Buffer.from('x\r\ny\r\nz\r\nc1\r\nc2\r\n'))
    // A model that sends CRLF itself matches too.
    await callTool(editTool, { file_path: 'win.txt', old_string: 'x\r\ny', new_string: 'x\r\nY' }, crlf.ctx)
    expect(crlf.bytes('win.txt')).toEqual(Buffer.from('x\r\nY\r\nz\r\nc1\r\nc2\r\n'))
    const lf = await setupRead('a\nb\n', 'unix.txt')
    await callTool(editTool, { file_path: 'unix.txt', old_string: 'a\r\nb', new_string: 'x\r\ny' }, lf.ctx)
    expect(lf.bytes('unix.txt')).toEqual(Buffer.from('x\ny\n'))
    const mixed = await setupRead('a\r\nb\nc\r\nd\n', 'mixed.txt')
    await callTool(editTool, { file_path: 'mixed.txt', old_string: 'c\nd', new_string: 'C\nD' }, mixed.ctx)
    expect(mixed.bytes('mixed.txt')).toEqual(Buffer.from('a\r\nb\nC\r\nD\n'))
  })

  it('keeps a byte-order mark', async () => {
    const { ctx, bytes } = await setupRead('\ufeffname = 1\r\n', 'conf.ini')
    await callTool(editTool, { file_path: 'conf.ini', old_string: 'name = 1', new_string: 'name = 2' }, ctx)
    expect(bytes('conf.ini')).toEqual(Buffer.from('\ufeffname = 2\r\n'))
  })

  it('refuses binary files and files with invalid UTF-8', async () => {
    const { ctx, put, bytes } = fileToolsSetup()
    put('blob.bin', Buffer.from([0x61, 0, 0x62]))
    await callTool(readFileTool, { file_path: 'blob.bin' }, ctx)
    expect(
      (await failure(callTool(editTool, { file_path: 'blob.bin', old_string: 'a', new_string: 'b' }, ctx))).code,
    ).toBe('workspace.binary_file')
    const late = Buffer.concat([Buffer.from(`${'x'.repeat(10_000)}\nkeep\n`), Buffer.from([0xff, 0x0a])])
    put('late.txt', late)
    await callTool(readFileTool, { file_path: 'late.txt', offset: 2 }, ctx)
    expect(
      (await failure(callTool(editTool, { file_path: 'late.txt', old_string: 'keep', new_string: 'k' }, ctx))).code,
    ).toBe('workspace.not_utf8')
    expect(bytes('late.txt')).toEqual(late)
  })

  it('refuses read-only mounts and paths outside the workspace', async () => {
    const { ctx, project, outside } = fileToolsSetup()
    await callTool(readFileTool, { file_path: 'tool-results/r.txt' }, ctx)
    expect(
      (
        await failure(
          callTool(editTool, { file_path: 'tool-results/r.txt', old_string: 'result', new_string: 'x' }, ctx),
        )
      ).code,
    ).toBe('workspace.read_only')
    expect(
      (await failure(callTool(editTool, { file_path: 'tool-results/n.txt', old_string: '', new_string: 'x' }, ctx)))
        .code,
    ).toBe('workspace.read_only')
    symlinkSync(join(outside, 'secret.txt'), join(project, 'link.txt'))
    for (const file_path of ['../secret.txt', `${project}/../secret.txt`, 'link.txt', join(project, 'link.txt')]) {
      expect(
        (await failure(callTool(editTool, { file_path, old_string: '', new_string: 'x' }, ctx))).code,
        file_path,
      ).toBe('workspace.path_outside')
    }
    expect(existsSync(join(project, 'a.txt'))).toBe(false)
  })

  it('declares write claims and a write subject', () => {
    const input = { file_path: 'a', old_string: 'x', new_string: 'y' }
    expect(editTool.resources?.(input)).toEqual([{ kind: 'file', path: 'a', access: 'write' }])
    expect(editTool.permissionSubject?.(input)).toEqual({ kind: 'path', paths: ['a'], access: 'write' })
    expect(editTool.renderToolUseMessage?.({ ...input, replace_all: true })).toBe('Edit a (all occurrences)')
  })
})

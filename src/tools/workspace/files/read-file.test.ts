import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testCallContext } from '../../../../test/call-context.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { callTool, failure, fileToolsSetup } from './__fixtures__/file-tools-setup.js'
import { readFileTool } from './read-file.js'

const numbered = (from: number, lines: readonly string[]) =>
  lines.map((line, i) => `${String(from + i).padStart(6)}\t${line}`).join('\n')
const lineList = (count: number, make: (n: number) => string = (n) => `line ${n}`) =>
  Array.from({ length: count }, (_, i) => make(i + 1))
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e1b40000000049454e44ae426082',
  'hex',
)

describe('workspace.read_file', () => {
  it('returns numbered lines like cat -n and records a full read', async () => {
    const { ctx, put } = fileToolsSetup()
    put('src/a.ts', 'const a = 1\n\nexport { a }\n')
    const output = await callTool(readFileTool, { file_path: 'src/a.ts' }, ctx)
    expect(output.content).toBe(numbered(1, ['const a = 1', '', 'export { a }']))
    expect(output.structured).toMatchObject({
      path: 'src/a.ts',
      kind: 'text',
      startLine: 1,
      endLine: 3,
      totalLines: 3,
      full: true,
      nextOffset: null,
    })
    expect(ctx.readState.get('src/a.ts')).toMatchObject({
      sha256: sha256Hex('const a = 1\n\nexport { a }\n'),
      full: true,
    })
  })

  it('reads a window with offset and limit, records it as partial and names the next offset', async () => {
    const { ctx, put } = fileToolsSetup()
    put('f.txt', `${lineList(10).join('\n')}\n`)
    const output = await callTool(readFileTool, { file_path: './f.txt', offset: 3, limit: 2 }, ctx)
    expect(output.content).toBe(
      `${numbered(3, ['line 3', 'line 4'])}\n\n[Showing lines 3–4 of 10; the limit of 2 you gave. To read on, call this tool with offset 5.]`,
    )
    expect(ctx.readState.get('f.txt')?.full).toBe(false)
    await callTool(readFileTool, { file_path: 'f.txt', offset: 9 }, ctx)
    expect(ctx.readState.get('f.txt')?.full).toBe(false)
    // A limit that covers the whole file is a full read.
    await callTool(readFileTool, { file_path: 'f.txt', limit: 10 }, ctx)
    expect(ctx.readState.get('f.txt')?.full).toBe(true)
  })

  it('stops at 1,200 lines and says where to go on', async () => {
    const { ctx, put } = fileToolsSetup()
    put('long.txt', lineList(3_000).join('\n'))
    const first = await callTool(readFileTool, { file_path: 'long.txt', limit: 5_000 }, ctx)
    expect(first.structured).toMatchObject({
      startLine: 1,
      endLine: 1_200,
      totalLines: 3_000,
      nextOffset: 1_201,
      full: false,
    })
    expect(first.content).toContain(
      '  1200\tline 1200\n\n[Showing lines 1–1,200 of 3,000; this tool shows at most 1,200 lines per call. To read on, call this tool with offset 1,201.]',
    )
    const last = await callTool(readFileTool, { file_path: 'long.txt', offset: 2_401 }, ctx)
    expect(last.structured).toMatchObject({ startLine: 2_401, endLine: 3_000, nextOffset: null })
    expect(last.content.endsWith('  3000\tline 3000')).toBe(true)
    expect(ctx.readState.get('long.txt')?.full).toBe(false)
  })

  it('stops at 80,000 characters of output', async () => {
    const { ctx, put } = fileToolsSetup()
    put('wide.txt', lineList(1_000, () => 'x'.repeat(199)).join('\n'))
    const output = await callTool(readFileTool, { file_path: 'wide.txt' }, ctx)
    const [lines = ''] = output.content.split('\n\n[')
    expect(lines.length).toBeLessThanOrEqual(80_000)
    expect(lines.length + 207).toBeGreaterThan(80_000)
    expect(output.structured).toMatchObject({ endLine: 386, nextOffset: 387 })
    expect(output.content).toContain(
      'this tool shows at most 80,000 characters per call. To read on, call this tool with offset 387.]',
    )
  })

  it('stops at 256 KiB of output, counting characters as code points', async () => {
    const { ctx, put } = fileToolsSetup()
    put('emoji.txt', lineList(200, () => '😀'.repeat(1_000)).join('\n'))
    const output = await callTool(readFileTool, { file_path: 'emoji.txt' }, ctx)
    const [lines = ''] = output.content.split('\n\n[')
    expect(Buffer.byteLength(lines)).toBeLessThanOrEqual(256 * 1024)
    expect(output.structured).toMatchObject({ endLine: 65, nextOffset: 66 })
    expect(output.content).toContain(
      'this tool shows at most 256 KiB per call. To read on, call this tool with offset 66.]',
    )
  })

  it('refuses an offset past the end', async () => {
    const { ctx, put } = fileToolsSetup()
    put('short.txt', 'a\nb\n')
    const error = await failure(callTool(readFileTool, { file_path: 'short.txt', offset: 3 }, ctx))
    expect(error).toEqual({
      code: 'read_file.offset_past_end',
      message: 'Offset 3 is past the end of "short.txt", which has 2 lines. Use an offset from 1 to 2.',
    })
    expect(ctx.readState.get('short.txt')).toBeUndefined()
  })

  it('cuts lines longer than 2,000 characters, never inside a character, and does not count that as a full read', async () => {
    const { ctx, put } = fileToolsSetup()
    put('min.js', `short\n${'a'.repeat(5_000)}\n${'😀'.repeat(2_500)}\n`)
    const output = await callTool(readFileTool, { file_path: 'min.js' }, ctx)
    const lines = output.content.split('\n')
    expect(lines[1]).toBe(`     2\t${'a'.repeat(2_000)} … [line cut: 2,000 of 5,000 characters shown]`)
    expect(lines[2]).toBe(`     3\t${'😀'.repeat(2_000)} … [line cut: 2,000 of 2,500 characters shown]`)
    expect(output.content).toContain(
      '[Lines longer than 2,000 characters were cut (2 lines), so this read does not count as a full read of the file. Find text in them with workspace_search_files.]',
    )
    expect(output.structured).toMatchObject({ cutLines: 2, full: false })
    expect(ctx.readState.get('min.js')?.full).toBe(false)
  })

  it('describes binary files by type and size instead of showing their bytes', async () => {
    const { ctx, put } = fileToolsSetup()
    put('logo.png', png)
    put('data.bin', Buffer.from([1, 2, 0, 3]))
    put('latin1.txt', Buffer.from('caf\xe9\n', 'latin1'))
    const image = await callTool(readFileTool, { file_path: 'logo.png' }, ctx)
    expect(image.content).toBe(
      `"logo.png" is a binary file (PNG image, ${png.length} bytes); this tool shows UTF-8 text only, so its bytes are not shown.`,
    )
    expect(image.structured).toEqual({ path: 'logo.png', kind: 'binary', type: 'PNG image', bytes: png.length })
    expect(ctx.readState.get('logo.png')).toMatchObject({ sha256: sha256Hex(png), full: true })
    expect((await callTool(readFileTool, { file_path: 'data.bin' }, ctx)).content).toContain('(binary data, 4 bytes)')
    expect((await callTool(readFileTool, { file_path: 'latin1.txt' }, ctx)).structured).toMatchObject({
      kind: 'binary',
    })
  })

  it('treats a multi-byte character cut by the 8 KiB sample as text', async () => {
    const { ctx, put } = fileToolsSetup()
    put('euro.txt', '€'.repeat(4_000))
    const output = await callTool(readFileTool, { file_path: 'euro.txt' }, ctx)
    expect(output.structured).toMatchObject({ kind: 'text' })
  })

  it('says when a file is empty, and hides a BOM and CRs of CRLF endings', async () => {
    const { ctx, put } = fileToolsSetup()
    put('empty.txt', '')
    put('bom-only.txt', '\ufeff')
    put('win.txt', '\ufefffirst\r\nsecond\r\n')
    expect((await callTool(readFileTool, { file_path: 'empty.txt' }, ctx)).content).toBe(
      '"empty.txt" exists but is empty.',
    )
    expect(ctx.readState.get('empty.txt')?.full).toBe(true)
    expect((await callTool(readFileTool, { file_path: 'bom-only.txt' }, ctx)).structured).toMatchObject({
      kind: 'empty',
    })
    expect((await callTool(readFileTool, { file_path: 'win.txt' }, ctx)).content).toBe(numbered(1, ['first', 'second']))
  })

  it('points from a directory to the listing tool, and from a missing file to a similar name', async () => {
    const { ctx, put } = fileToolsSetup()
    put('src/index.ts', 'x\n')
    expect(await failure(callTool(readFileTool, { file_path: 'src' }, ctx))).toEqual({
      code: 'workspace.is_directory',
      message: '"src" is a directory, not a file. List its entries with workspace_list_files.',
    })
    expect(await failure(callTool(readFileTool, { file_path: 'src/index.js' }, ctx))).toEqual({
      code: 'workspace.not_found',
      message: 'No file at "src/index.js". Did you mean "src/index.ts"?',
    })
    expect((await failure(callTool(readFileTool, { file_path: 'nowhere/x.ts' }, ctx))).message).toBe(
      'No file at "nowhere/x.ts".',
    )
    // Without a listing tool in the snapshot, none is named.
    const bare = testCallContext({ workspace: ctx.workspace })
    expect((await failure(callTool(readFileTool, { file_path: 'src' }, bare))).message).toBe(
      '"src" is a directory, not a file.',
    )
  })

  it('refuses paths outside the workspace and reads read-only mounts', async () => {
    const { ctx, project, outside } = fileToolsSetup()
    symlinkSync(join(outside, 'secret.txt'), join(project, 'link.txt'))
    mkdirSync(join(project, 'sub'))
    symlinkSync(outside, join(project, 'sub', 'out'))
    for (const path of [
      '../x',
      'a/../../x',
      join(project, 'link.txt'),
      `${project}/../x`,
      'link.txt',
      'sub/out/secret.txt',
      'a\0b',
    ]) {
      expect((await failure(callTool(readFileTool, { file_path: path }, ctx))).code, path).toBe(
        'workspace.path_outside',
      )
    }
    expect((await callTool(readFileTool, { file_path: 'tool-results/r.txt' }, ctx)).content).toBe(
      numbered(1, ['result']),
    )
  })

  it('declares itself read-only and self-paging, with read claims and path subjects', () => {
    expect(readFileTool.name).toBe('workspace.read_file')
    expect(readFileTool.pagesItself).toBe(true)
    expect(readFileTool.annotations?.readOnly).toBe(true)
    expect(readFileTool.resources?.({ file_path: 'a.ts' })).toEqual([{ kind: 'file', path: 'a.ts', access: 'read' }])
    expect(readFileTool.permissionSubject?.({ file_path: 'a.ts' })).toEqual({
      kind: 'path',
      paths: ['a.ts'],
      access: 'read',
    })
    expect(readFileTool.renderToolUseMessage?.({ file_path: 'a.ts' })).toBe('Read a.ts')
    expect(readFileTool.renderToolUseMessage?.({ file_path: 'a.ts', offset: 10, limit: 5 })).toBe(
      'Read a.ts (lines 10–14)',
    )
    expect(
      readFileTool.renderToolResultMessage?.({
        content: '',
        structured: { kind: 'text', startLine: 1, endLine: 3, totalLines: 3 },
      }),
    ).toBe('Read 3 lines')
    expect(
      readFileTool.renderToolResultMessage?.({
        content: '',
        structured: { kind: 'text', startLine: 5, endLine: 9, totalLines: 30 },
      }),
    ).toBe('Read lines 5–9 of 30')
  })

  it('names other tools in its description only when the snapshot offers them', () => {
    const { ctx } = fileToolsSetup()
    const describeWith =
      typeof readFileTool.description === 'function'
        ? readFileTool.description
        : () => readFileTool.description as string
    const full = describeWith(ctx)
    expect(full).toContain('at most 1,200 lines, 80,000 characters or 256 KiB')
    expect(full).toContain('with workspace_write_file')
    expect(full).toContain('use workspace_list_files')
    const alone = describeWith(testCallContext())
    expect(alone).not.toMatch(/builtin:|workspace_/)
  })
})

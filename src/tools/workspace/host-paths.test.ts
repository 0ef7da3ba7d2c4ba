import { symlinkSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { applyPatchTool } from './apply-patch/apply-patch.js'
import { callTool, failure, fileToolsSetup } from './files/__fixtures__/file-tools-setup.js'
import { editTool } from './files/edit.js'
import { multiEditTool } from './files/multi-edit.js'
import { readFileTool } from './files/read-file.js'
import { writeFileTool } from './files/write-file.js'
import { globTool } from './find/glob.js'
import { listFilesTool } from './find/list-files.js'
import { searchFilesTool } from './find/search-files.js'

const rule =
  'Paths are relative to the workspace root, e.g. `src/index.ts`; `/src/index.ts` and the host path `<root>/src/index.ts` name the same file.'

describe('file tools and host paths inside the workspace', () => {
  it('read, edit, multi-edit and write a file named by its host path, sharing the read-state with its workspace path', async () => {
    const { ctx, project, results, put, text } = fileToolsSetup()
    put('src/a.ts', 'const a = 1\n')
    const host = join(project, 'src', 'a.ts')
    const read = await callTool(readFileTool, { file_path: host }, ctx)
    expect(read.structured).toMatchObject({ path: 'src/a.ts', full: true })
    // Read by host path, changed by workspace path, and the other way round.
    await callTool(editTool, { file_path: 'src/a.ts', old_string: 'a = 1', new_string: 'a = 2' }, ctx)
    const edited = await callTool(editTool, { file_path: host, old_string: 'a = 2', new_string: 'a = 3' }, ctx)
    expect(edited.structured).toMatchObject({ path: 'src/a.ts' })
    const multi = await callTool(
      multiEditTool,
      { file_path: '/src/a.ts', edits: [{ old_string: 'const', new_string: 'let' }] },
      ctx,
    )
    await callTool(multiEditTool, { file_path: host, edits: [{ old_string: 'a = 3', new_string: 'a = 4' }] }, ctx)
    expect(text('src/a.ts')).toBe('let a = 4\n')
    const replaced = await callTool(writeFileTool, { file_path: host, content: 'replaced\n' }, ctx)
    const created = await callTool(
      writeFileTool,
      { file_path: join(project, 'docs', 'new.md'), content: '# New\n' },
      ctx,
    )
    expect(text('src/a.ts')).toBe('replaced\n')
    expect(text('docs/new.md')).toBe('# New\n')
    expect(created.structured).toMatchObject({ path: 'docs/new.md', action: 'created' })
    for (const output of [read, edited, multi, replaced, created]) expect(output.content).not.toContain(project)
    const result = await callTool(readFileTool, { file_path: join(results, 'r.txt') }, ctx)
    expect(result.structured).toMatchObject({ path: 'tool-results/r.txt' })
    expect(
      (await failure(callTool(writeFileTool, { file_path: join(results, 'r.txt'), content: 'x' }, ctx))).code,
    ).toBe('workspace.read_only')
  })

  it('apply patches whose paths are host paths, summarised by workspace path', async () => {
    const { ctx, project, put, text } = fileToolsSetup()
    put('src/a.txt', 'one\ntwo\n')
    const patch = [
      '*** Begin Patch',
      `*** Update File: ${join(project, 'src', 'a.txt')}`,
      `*** Move to: ${join(project, 'lib', 'a.txt')}`,
      '@@',
      ' one',
      '-two',
      '+TWO',
      `*** Add File: ${join(project, 'docs', 'b.txt')}`,
      '+bee',
      '*** End Patch',
    ].join('\n')
    const output = await callTool(applyPatchTool, { patch }, ctx)
    expect(text('lib/a.txt')).toBe('one\nTWO\n')
    expect(text('docs/b.txt')).toBe('bee\n')
    expect(output.content).toContain('lib/a.txt')
    expect(output.content).not.toContain(project)
  })

  it('search, glob and list folders named by their host paths, showing workspace paths', async () => {
    const { ctx, project, put } = fileToolsSetup()
    put('src/a.ts', 'export const hit = 1\n')
    put('src/deep/b.ts', 'const hit = 2\n')
    const search = await callTool(
      searchFilesTool,
      { pattern: 'hit', path: join(project, 'src'), output_mode: 'files_with_matches' },
      ctx,
    )
    expect(search.structured).toMatchObject({ results: ['src/a.ts', 'src/deep/b.ts'] })
    const one = await callTool(searchFilesTool, { pattern: 'hit', path: join(project, 'src', 'a.ts') }, ctx)
    expect(one.content).toContain('src/a.ts:1:export const hit = 1')
    const glob = await callTool(globTool, { pattern: '**/*.ts', path: join(project, 'src') }, ctx)
    expect([...(glob.structured?.files as string[])].sort()).toEqual(['src/a.ts', 'src/deep/b.ts'])
    const none = await callTool(globTool, { pattern: '*.md', path: join(project, 'src') }, ctx)
    expect(none.content).toBe('No files match "*.md" in src.')
    const list = await callTool(listFilesTool, { path: join(project, 'src') }, ctx)
    expect(list.content.split('\n')[0]).toBe('src/')
    expect((await callTool(listFilesTool, { path: project }, ctx)).content.split('\n')[0]).toBe('./')
    const missing = await failure(callTool(searchFilesTool, { pattern: 'hit', path: join(project, 'nope') }, ctx))
    expect(missing).toEqual({ code: 'workspace.not_found', message: 'No file or directory at "nope".' })
    for (const output of [search, one, glob, none, list]) expect(output.content).not.toContain(project)
  })

  it('resolve .. in host paths within their mount, and refuse host paths that lead outside the workspace', async () => {
    const { ctx, project, outside, put } = fileToolsSetup()
    put('a.txt', 'inside\n')
    expect((await callTool(readFileTool, { file_path: `${project}/src/../a.txt` }, ctx)).structured).toMatchObject({
      path: 'a.txt',
    })
    symlinkSync(outside, join(project, 'out'))
    const escape = `${project}/../${basename(outside)}/secret.txt`
    for (const file_path of [escape, join(project, 'out', 'secret.txt')]) {
      expect((await failure(callTool(readFileTool, { file_path }, ctx))).code, file_path).toBe('workspace.path_outside')
      expect((await failure(callTool(writeFileTool, { file_path, content: 'x' }, ctx))).code, file_path).toBe(
        'workspace.path_outside',
      )
    }
    expect((await failure(callTool(listFilesTool, { path: join(project, 'out') }, ctx))).code).toBe(
      'workspace.path_outside',
    )
    expect(
      (await failure(callTool(searchFilesTool, { pattern: 'secret', path: join(project, 'out') }, ctx))).code,
    ).toBe('workspace.path_outside')
    // A host path outside every mount is a workspace path from the root: there is no such file there.
    expect((await failure(callTool(readFileTool, { file_path: join(outside, 'secret.txt') }, ctx))).code).toBe(
      'workspace.not_found',
    )
  })

  it('claim the whole workspace for absolute paths, which the scheduler cannot compare without the mounts', () => {
    expect(readFileTool.resources?.({ file_path: '/home/me/proj/a.ts' })).toEqual([
      { kind: 'workspace', access: 'read' },
    ])
    expect(editTool.resources?.({ file_path: '/a.ts', old_string: 'a', new_string: 'b' })).toEqual([
      { kind: 'workspace', access: 'write' },
    ])
    expect(writeFileTool.resources?.({ file_path: 'a.ts', content: '' })).toEqual([
      { kind: 'file', path: 'a.ts', access: 'write' },
    ])
    expect(
      applyPatchTool.resources?.({ patch: '*** Begin Patch\n*** Delete File: /home/me/proj/a.ts\n*** End Patch' }),
    ).toEqual([{ kind: 'workspace', access: 'write' }])
  })

  it('say the path rule in the description of every file tool', () => {
    const ctx = fileToolsSetup().ctx
    for (const tool of [
      readFileTool,
      writeFileTool,
      editTool,
      multiEditTool,
      applyPatchTool,
      listFilesTool,
      globTool,
      searchFilesTool,
    ]) {
      const description = typeof tool.description === 'string' ? tool.description : tool.description(ctx)
      expect(description, tool.name).toContain(rule)
    }
  })
})

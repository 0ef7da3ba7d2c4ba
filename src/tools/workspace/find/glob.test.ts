import { symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callTool, errorCode, findSetup } from './__fixtures__/find-setup.js'
import { globMaxResults, globTool } from './glob.js'

const glob = (setup: ReturnType<typeof findSetup>, input: Record<string, unknown>) =>
  callTool(globTool, input, setup.ctx)

describe('workspace.glob', () => {
  it('returns matching files newest first, ties in path order', async () => {
    const setup = findSetup()
    setup.put({
      'src/old.ts': '',
      'src/new.ts': '',
      'src/mid.ts': '',
      'src/same-b.ts': '',
      'src/same-a.ts': '',
      'src/x.js': '',
      'README.md': '',
    })
    setup.touch('src/old.ts', 1_000)
    setup.touch('src/mid.ts', 2_000)
    setup.touch('src/new.ts', 3_000)
    setup.touch('src/same-a.ts', 500)
    setup.touch('src/same-b.ts', 500)
    const { content, structured } = await glob(setup, { pattern: 'src/**/*.ts' })
    expect(structured).toEqual({
      files: ['src/new.ts', 'src/mid.ts', 'src/old.ts', 'src/same-a.ts', 'src/same-b.ts'],
      total: 5,
      truncated: false,
    })
    expect(content).toBe('src/new.ts\nsrc/mid.ts\nsrc/old.ts\nsrc/same-a.ts\nsrc/same-b.ts\n\n5 files, newest first.')
  })

  it('matches * within one folder and ** across folders, relative to path', async () => {
    const setup = findSetup()
    setup.put({ 'a.md': '', 'docs/b.md': '', 'docs/deep/c.md': '', '.github/d.md': '' })
    const files = async (input: Record<string, unknown>) =>
      ((await glob(setup, input)).structured.files as string[]).sort()
    expect(await files({ pattern: '*.md' })).toEqual(['a.md'])
    expect(await files({ pattern: '**/*.md' })).toEqual(['.github/d.md', 'a.md', 'docs/b.md', 'docs/deep/c.md'])
    expect(await files({ pattern: '*.md', path: 'docs' })).toEqual(['docs/b.md'])
    expect(await files({ pattern: './docs/*/c.md' })).toEqual(['docs/deep/c.md'])
    expect(await files({ pattern: 'docs/b.md' })).toEqual(['docs/b.md'])
    expect(await files({ pattern: 'nowhere/**' })).toEqual([])
  })

  it('returns at most 100 files with a truncation flag and note', async () => {
    const setup = findSetup()
    setup.put(Object.fromEntries(Array.from({ length: 130 }, (_, i) => [`f/${String(i).padStart(3, '0')}.txt`, ''])))
    const { content, structured } = await glob(setup, { pattern: '**/*.txt' })
    expect(structured.files).toHaveLength(globMaxResults)
    expect(structured).toMatchObject({ total: 130, truncated: true })
    expect(content).toContain('Showing the 100 newest of 130 files matching "**/*.txt"')
  })

  it('respects .gitignore and leaves out tool-results/ and skills/ unless asked for', async () => {
    const setup = findSetup()
    setup.put({ '.gitignore': 'dist/\n', 'dist/a.txt': '', 'src/a.txt': '' })
    writeFileSync(join(setup.results, 'r.txt'), '')
    writeFileSync(join(setup.skills, 's.txt'), '')
    expect((await glob(setup, { pattern: '**/*.txt' })).structured.files).toEqual(['src/a.txt'])
    expect((await glob(setup, { pattern: 'dist/*.txt' })).structured.files).toEqual(['dist/a.txt'])
    expect((await glob(setup, { pattern: 'tool-results/*.txt' })).structured.files).toEqual(['tool-results/r.txt'])
    expect((await glob(setup, { pattern: '*.txt', path: 'skills' })).structured.files).toEqual(['skills/s.txt'])
  })

  it('does not follow symlinks out of the workspace or into loops', async () => {
    const setup = findSetup()
    setup.put({ 'src/a.txt': '' })
    writeFileSync(join(setup.outside, 'secret.txt'), '')
    symlinkSync(setup.outside, join(setup.project, 'out'))
    symlinkSync('..', join(setup.project, 'src', 'up'))
    expect((await glob(setup, { pattern: '**/*.txt' })).structured.files).toEqual(['src/a.txt'])
  })

  it('refuses absolute patterns, .. and paths outside the workspace', async () => {
    const setup = findSetup()
    setup.put({ 'a.txt': '' })
    for (const pattern of ['/etc/*', '../*.txt', 'src/../../x', '']) {
      expect(await errorCode(glob(setup, { pattern })), pattern).toBe('glob.invalid_pattern')
    }
    await expect(glob(setup, { pattern: '/etc/*' })).rejects.toThrow('relative to path')
    expect(await errorCode(glob(setup, { pattern: '*', path: '../' }))).toBe('workspace.path_outside')
    expect(await errorCode(glob(setup, { pattern: '*', path: 'a.txt' }))).toBe('workspace.not_directory')
    await expect(glob(setup, { pattern: '*', path: 'a.txt' })).rejects.toThrow('Read it with workspace_read_file')
  })

  it('says when nothing matches', async () => {
    const setup = findSetup()
    expect((await glob(setup, { pattern: '*.rs' })).content).toBe('No files match "*.rs" in the workspace.')
  })

  it('is read-only with a workspace read claim and a path subject', () => {
    expect(globTool.annotations).toEqual({ readOnly: true })
    expect(globTool.resources?.({ pattern: '*' })).toEqual([{ kind: 'workspace', access: 'read' }])
    expect(globTool.permissionSubject?.({ pattern: '*', path: 'docs' })).toEqual({
      kind: 'path',
      paths: ['docs'],
      access: 'read',
    })
    expect(globTool.renderToolUseMessage?.({ pattern: '**/*.ts' })).toBe('Find **/*.ts')
    expect(globTool.renderToolResultMessage?.({ content: '', structured: { total: 1 } })).toBe('1 file')
  })
})

import { symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callTool, errorCode, findSetup } from './__fixtures__/find-setup.js'
import { fairShares } from './list-tree.js'
import { listFilesTool } from './list-files.js'

const list = (setup: ReturnType<typeof findSetup>, input: Record<string, unknown> = {}) =>
  callTool(listFilesTool, input, setup.ctx)

describe('workspace.list_files', () => {
  it('shows a tree two levels deep with sizes, folders marked with /, and the mounts', async () => {
    const setup = findSetup()
    setup.put({ 'README.md': 'x'.repeat(2048), 'src/index.ts': 'abc', 'src/lib/deep.ts': '', 'docs/guide.md': '' })
    const { content, structured } = await list(setup)
    expect(content).toBe(
      [
        './',
        '  README.md (2.0 KB)',
        '  docs/',
        '    guide.md (0 B)',
        '  skills/ (read-only)',
        '  src/',
        '    index.ts (3 B)',
        '    lib/',
        '  tool-results/ (read-only)',
      ].join('\n'),
    )
    expect(structured).toEqual({ path: '', depth: 2, shown: 8, truncated: false })
  })

  it('goes as deep as asked, up to 4 levels', async () => {
    const setup = findSetup()
    setup.put({ 'a/b/c/d/e/f.txt': '' })
    expect((await list(setup, { path: 'a', depth: 4 })).content).toBe(
      ['a/', '  b/', '    c/', '      d/', '        e/'].join('\n'),
    )
    expect((await list(setup, { path: 'a', depth: 1 })).content).toBe('a/\n  b/')
    const validate = listFilesTool.inputSchema['~standard'].validate
    expect((await validate({ depth: 5 })).issues).toBeDefined()
    expect((await validate({ depth: 0 })).issues).toBeDefined()
  })

  it('lists at most 200 entries breadth-first, sharing them fairly and counting what is left out', async () => {
    const setup = findSetup()
    const files: Record<string, string> = { 'small/one.txt': '' }
    for (let i = 0; i < 150; i++) files[`big1/${String(i).padStart(3, '0')}.txt`] = ''
    for (let i = 0; i < 150; i++) files[`big2/${String(i).padStart(3, '0')}.txt`] = ''
    setup.put(files)
    const { content, structured } = await list(setup)
    expect(structured).toMatchObject({ shown: 200, truncated: true })
    // 5 top-level entries, the small folder whole, the rest split evenly.
    expect(content).toContain('  big1/\n    000.txt (0 B)')
    expect(content).toContain('    096.txt (0 B)\n    … 53 more\n  big2/')
    expect(content).toContain('    096.txt (0 B)\n    … 53 more\n  skills/')
    expect(content).toContain('  small/\n    one.txt (0 B)\n')
    expect(content).toContain('200 entries shown; folders marked "… N more" have entries not shown.')
  })

  it('respects .gitignore, leaves out .git and symlinks leading outside', async () => {
    const setup = findSetup()
    setup.put({
      '.gitignore': 'node_modules/\n*.tmp\n',
      'node_modules/x/index.js': '',
      'a.tmp': '',
      'a.ts': '',
      '.git/HEAD': '',
    })
    symlinkSync(setup.outside, join(setup.project, 'outside-link'))
    symlinkSync('a.ts', join(setup.project, 'inside-link.ts'))
    const { content } = await list(setup, { depth: 1 })
    expect(content).toBe(
      [
        './',
        '  .gitignore (20 B)',
        '  a.ts (0 B)',
        '  inside-link.ts (0 B)',
        '  skills/ (read-only)',
        '  tool-results/ (read-only)',
        '',
        '1 symlink left out: they lead outside the workspace.',
      ].join('\n'),
    )
  })

  it('lists inside a mount and says when a folder is empty', async () => {
    const setup = findSetup()
    writeFileSync(join(setup.results, 'r.txt'), 'result')
    expect((await list(setup, { path: 'tool-results' })).content).toBe('tool-results/\n  r.txt (6 B)')
    setup.put({ 'empty/.gitignore': '*\n' })
    expect((await list(setup, { path: 'empty' })).content).toBe('empty/\n  (empty)')
  })

  it('refuses files, escapes and missing folders', async () => {
    const setup = findSetup()
    setup.put({ 'a.txt': '' })
    expect(await errorCode(list(setup, { path: 'a.txt' }))).toBe('workspace.not_directory')
    expect(await errorCode(list(setup, { path: '../..' }))).toBe('workspace.path_outside')
    expect(await errorCode(list(setup, { path: `${setup.project}/..` }))).toBe('workspace.path_outside')
    expect(await errorCode(list(setup, { path: 'nope' }))).toBe('workspace.not_found')
  })

  it('is read-only with a workspace read claim and a path subject', () => {
    expect(listFilesTool.annotations).toEqual({ readOnly: true })
    expect(listFilesTool.resources?.({})).toEqual([{ kind: 'workspace', access: 'read' }])
    expect(listFilesTool.permissionSubject?.({ path: 'src' })).toEqual({ kind: 'path', paths: ['src'], access: 'read' })
    expect(listFilesTool.renderToolUseMessage?.({})).toBe('List .')
    expect(listFilesTool.renderToolResultMessage?.({ content: '', structured: { shown: 200, truncated: true } })).toBe(
      '200 entries (more not shown)',
    )
  })
})

describe('fairShares', () => {
  it('gives small folders all they have and splits the rest evenly', () => {
    expect(fairShares([2, 50, 50], 20)).toEqual([2, 9, 9])
    expect(fairShares([5, 5], 100)).toEqual([5, 5])
    expect(fairShares([10, 10, 10], 0)).toEqual([0, 0, 0])
    expect(fairShares([10, 10], 5)).toEqual([2, 3])
  })
})

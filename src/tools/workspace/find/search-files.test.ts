import { closeSync, openSync, symlinkSync, writeFileSync, ftruncateSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callTool, errorCode, findSetup } from './__fixtures__/find-setup.js'
import { searchFilesTool } from './search-files.js'

const search = (setup: ReturnType<typeof findSetup>, input: Record<string, unknown>) =>
  callTool(searchFilesTool, input, setup.ctx)

describe('workspace.search_files', () => {
  it('finds matching lines as path:line:text in path order, with a summary', async () => {
    const setup = findSetup()
    setup.put({ 'b.ts': 'one\nneedle here\n', 'a/z.ts': 'needle\nno\nneedle again\n', 'a.md': 'nothing\n' })
    const { content, structured } = await search(setup, { pattern: 'needle' })
    expect(content).toBe(
      'a/z.ts:1:needle\na/z.ts:3:needle again\nb.ts:2:needle here\n\n3 matches in 2 files (3 files searched).',
    )
    expect(structured).toMatchObject({
      mode: 'content',
      matches: 3,
      files: 2,
      searched: 3,
      total: 3,
      shown: 3,
      truncated: false,
    })
  })

  it('lists files or counts per file in the other modes', async () => {
    const setup = findSetup()
    setup.put({ 'x.txt': 'a\na\nb\n', 'y.txt': 'b\n', 'z.txt': 'a a a\n' })
    const files = await search(setup, { pattern: 'a', output_mode: 'files_with_matches' })
    expect(files.content).toBe('x.txt\nz.txt\n\n2 files with matches (3 files searched).')
    const counts = await search(setup, { pattern: 'a', output_mode: 'count' })
    expect(counts.content).toBe('x.txt:2\nz.txt:1\n\n3 matches in 2 files (3 files searched).')
    expect(counts.structured.results).toEqual(['x.txt:2', 'z.txt:1'])
  })

  it('pages with head_limit and offset, with a hint for the next page', async () => {
    const setup = findSetup()
    setup.put({ 'a.txt': Array.from({ length: 5 }, (_, i) => `hit ${i + 1}`).join('\n'), 'b.txt': 'hit 6\nhit 7\n' })
    const first = await search(setup, { pattern: 'hit', head_limit: 3 })
    expect(first.content).toContain('a.txt:3:hit 3\n\n7 matches in 2 files')
    expect(first.content).toContain('Showing matches 1–3 of 7; use offset=3 to see more.')
    expect(first.structured).toMatchObject({ shown: 3, total: 7, truncated: true, nextOffset: 3 })
    const second = await search(setup, { pattern: 'hit', head_limit: 3, offset: 3 })
    expect(second.content.split('\n').slice(0, 3)).toEqual(['a.txt:4:hit 4', 'a.txt:5:hit 5', 'b.txt:1:hit 6'])
    const last = await search(setup, { pattern: 'hit', head_limit: 3, offset: 6 })
    expect(last.content).toContain('b.txt:2:hit 7\n\n')
    expect(last.content).toContain('Showing matches 7–7 of 7.')
    expect(last.structured).toMatchObject({ truncated: false })
    expect((await search(setup, { pattern: 'hit', offset: 50 })).content).toContain(
      'offset=50 is past the end: there are 7 matches.',
    )
    const files = await search(setup, { pattern: 'hit', output_mode: 'files_with_matches', head_limit: 1, offset: 1 })
    expect(files.content).toMatch(/^b\.txt\n\n2 files with matches/)
  })

  it('ends a page early when its lines would grow too long, pointing at the next offset', async () => {
    const setup = findSetup()
    setup.put({ 'long.txt': Array.from({ length: 200 }, (_, i) => `hit ${i} ${'x'.repeat(400)}`).join('\n') })
    const { content, structured } = await search(setup, { pattern: 'hit', context: 2, head_limit: 200 })
    expect(content.length).toBeLessThan(45_000)
    const shown = structured.shown as number
    expect(shown).toBeGreaterThan(10)
    expect(shown).toBeLessThan(200)
    expect(content).toContain(`Showing matches 1–${shown} of 200; use offset=${shown} to see more.`)
  })

  it('shows context lines before and after, merging overlaps and separating groups with --', async () => {
    const setup = findSetup()
    const lines = Array.from({ length: 20 }, (_, i) =>
      i + 1 === 5 || i + 1 === 7 || i + 1 === 15 ? `match ${i + 1}` : `line ${i + 1}`,
    )
    setup.put({ 'f.txt': lines.join('\n'), 'g.txt': 'match g\n' })
    const { content } = await search(setup, { pattern: 'match', context: 1 })
    expect(content.split('\n\n')[0]).toBe(
      [
        'f.txt-4-line 4',
        'f.txt:5:match 5',
        'f.txt-6-line 6',
        'f.txt:7:match 7',
        'f.txt-8-line 8',
        '--',
        'f.txt-14-line 14',
        'f.txt:15:match 15',
        'f.txt-16-line 16',
        '--',
        'g.txt:1:match g',
      ].join('\n'),
    )
    const before = await search(setup, { pattern: 'match 15', before: 2, after: 0 })
    expect(before.content.split('\n\n')[0]).toBe('f.txt-13-line 13\nf.txt-14-line 14\nf.txt:15:match 15')
    const pagedWithContext = await search(setup, { pattern: 'match', context: 1, head_limit: 1, offset: 1 })
    expect(pagedWithContext.content.split('\n\n')[0]).toBe('f.txt-6-line 6\nf.txt:7:match 7\nf.txt-8-line 8')
  })

  it('ignores case on request', async () => {
    const setup = findSetup()
    setup.put({ 'a.txt': 'Hello\nhello\nHELLO\n' })
    expect((await search(setup, { pattern: 'hello' })).structured.matches).toBe(1)
    expect((await search(setup, { pattern: 'hello', case_insensitive: true })).structured.matches).toBe(3)
  })

  it('reports an invalid regular expression clearly', async () => {
    const setup = findSetup()
    const failure = searchFilesTool.call({ pattern: 'foo(' }, setup.ctx) as Promise<unknown>
    await expect(failure).rejects.toMatchObject({ code: 'search.invalid_pattern' })
    await expect(failure).rejects.toThrow(/"foo\(" is not a valid regular expression: .*backslash/)
    // Valid outside Unicode mode: used as such.
    setup.put({ 'a.txt': 'x{\n' })
    expect((await search(setup, { pattern: 'x{' })).structured.matches).toBe(1)
  })

  it('cuts long lines to 300 characters around the match, marking the cuts', async () => {
    const setup = findSetup()
    const atEnd = `${'a'.repeat(5_000)}NEEDLE`
    const inMiddle = `${'b'.repeat(2_000)}NEEDLE${'c'.repeat(2_000)}`
    setup.put({ 'end.txt': `${atEnd}\n`, 'mid.txt': `${inMiddle}\n` })
    const { structured } = await search(setup, { pattern: 'NEEDLE' })
    const [end, mid] = (structured.results as string[]).map((line) => line.replace(/^[^:]+:1:/, ''))
    expect(end).toMatch(/^…a+NEEDLE$/)
    expect(end).toHaveLength(300)
    expect(mid).toMatch(/^…b+NEEDLEc+…$/)
    expect(mid).toHaveLength(300)
    expect(Math.abs((mid?.indexOf('NEEDLE') ?? 0) - 147)).toBeLessThan(3)
  })

  it('keeps line numbers and context right in files read in several pieces', async () => {
    const setup = findSetup()
    const lines = Array.from({ length: 60_000 }, (_, i) => `line ${i + 1} ${'x'.repeat(20)}`)
    lines[40_000] = 'TARGET'
    setup.put({ 'big.txt': lines.join('\n') })
    const { content } = await search(setup, { pattern: '^TARGET$', context: 1 })
    expect(content.split('\n\n')[0]).toBe(
      `big.txt-40000-${lines[39_999]}\nbig.txt:40001:TARGET\nbig.txt-40002-${lines[40_001]}`,
    )
  })

  it('respects .gitignore files, nested ones and negations, and never searches .git', async () => {
    const setup = findSetup()
    setup.put({
      '.gitignore': '*.log\nbuild/\n!keep.log\n',
      'app.log': 'hit\n',
      'keep.log': 'hit\n',
      'build/out.js': 'hit\n',
      'src/.gitignore': 'generated.ts\n!important.log\n',
      'src/generated.ts': 'hit\n',
      'src/important.log': 'hit\n',
      'src/main.ts': 'hit\n',
      '.git/config': 'hit\n',
      '.git/info/exclude': 'secret.txt\n',
      'secret.txt': 'hit\n',
    })
    const { structured } = await search(setup, { pattern: 'hit', output_mode: 'files_with_matches' })
    expect(structured.results).toEqual(['keep.log', 'src/important.log', 'src/main.ts'])
    // A path named explicitly is searched even when ignored; rules below it still apply.
    expect(
      (await search(setup, { pattern: 'hit', path: 'build', output_mode: 'files_with_matches' })).structured.results,
    ).toEqual(['build/out.js'])
    expect(
      (await search(setup, { pattern: 'hit', path: 'app.log', output_mode: 'files_with_matches' })).structured.results,
    ).toEqual(['app.log'])
  })

  it('filters by glob: names at any depth without a slash, paths relative to path with one', async () => {
    const setup = findSetup()
    setup.put({ 'a.ts': 'hit', 'src/b.ts': 'hit', 'src/c.js': 'hit', 'src/deep/d.tsx': 'hit' })
    const files = async (input: Record<string, unknown>) =>
      (await search(setup, { pattern: 'hit', output_mode: 'files_with_matches', ...input })).structured.results
    expect(await files({ glob: '*.ts' })).toEqual(['a.ts', 'src/b.ts'])
    expect(await files({ glob: 'src/**/*.{ts,tsx}' })).toEqual(['src/b.ts', 'src/deep/d.tsx'])
    expect(await files({ glob: 'deep/*', path: 'src' })).toEqual(['src/deep/d.tsx'])
  })

  it('skips tool-results/ and skills/ unless path points inside them', async () => {
    const setup = findSetup()
    setup.put({ 'a.txt': 'hit\n' })
    writeFileSync(join(setup.results, 'r.txt'), 'hit\n')
    writeFileSync(join(setup.skills, 's.md'), 'hit\n')
    expect((await search(setup, { pattern: 'hit', output_mode: 'files_with_matches' })).structured.results).toEqual([
      'a.txt',
    ])
    expect(
      (await search(setup, { pattern: 'hit', path: 'tool-results', output_mode: 'files_with_matches' })).structured
        .results,
    ).toEqual(['tool-results/r.txt'])
    expect(
      (await search(setup, { pattern: 'hit', path: 'skills/s.md', output_mode: 'files_with_matches' })).structured
        .results,
    ).toEqual(['skills/s.md'])
  })

  it('skips binary files and files over 10 MB, counting them in the summary', async () => {
    const setup = findSetup()
    setup.put({
      'image.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x00]), Buffer.from('hit')]),
      'text.txt': 'hit\n',
      'late-nul.txt': `hit\n${'x'.repeat(9_000)}\0`,
    })
    const large = openSync(join(setup.project, 'large.txt'), 'w')
    ftruncateSync(large, 11 * 1024 * 1024)
    closeSync(large)
    const { content, structured } = await search(setup, { pattern: 'hit' })
    expect(content).toContain(
      '2 matches in 2 files (2 files searched); 1 binary file skipped; 1 file over 10 MB skipped.',
    )
    expect(structured.skipped).toMatchObject({ binary: 1, tooLarge: 1 })
    const none = await search(setup, { pattern: 'absent' })
    expect(none.content).toBe('No matches (2 files searched; 1 binary file skipped; 1 file over 10 MB skipped).')
  })

  it('follows no symlink that leads outside or loops, and refuses escaping paths', async () => {
    const setup = findSetup()
    setup.put({ 'src/a.txt': 'hit\n' })
    writeFileSync(join(setup.outside, 'secret.txt'), 'hit\n')
    symlinkSync(setup.outside, join(setup.project, 'out-dir'))
    symlinkSync(join(setup.outside, 'secret.txt'), join(setup.project, 'out-file.txt'))
    symlinkSync('..', join(setup.project, 'src', 'loop'))
    symlinkSync(join(setup.project, 'src'), join(setup.project, 'src-again'))
    symlinkSync('a.txt', join(setup.project, 'src', 'alias.txt'))
    const { structured } = await search(setup, { pattern: 'hit', output_mode: 'files_with_matches' })
    expect(structured.results).toEqual(['src/a.txt', 'src/alias.txt'])
    expect(await errorCode(search(setup, { pattern: 'hit', path: '../' }))).toBe('workspace.path_outside')
    expect(await errorCode(search(setup, { pattern: 'hit', path: `${setup.project}/../x` }))).toBe(
      'workspace.path_outside',
    )
    // A host path outside every mount is read as a workspace path, and there is no such folder.
    expect(await errorCode(search(setup, { pattern: 'hit', path: setup.outside }))).toBe('workspace.not_found')
    expect(await errorCode(search(setup, { pattern: 'hit', path: 'out-dir' }))).toBe('workspace.path_outside')
    expect(await errorCode(search(setup, { pattern: 'hit', path: 'missing' }))).toBe('workspace.not_found')
  })

  it('declares a workspace read claim, a path subject and its renderings', () => {
    expect(searchFilesTool.annotations).toEqual({ readOnly: true })
    expect(searchFilesTool.resources?.({ pattern: 'x' })).toEqual([{ kind: 'workspace', access: 'read' }])
    expect(searchFilesTool.permissionSubject?.({ pattern: 'x', path: 'src' })).toEqual({
      kind: 'path',
      paths: ['src'],
      access: 'read',
    })
    expect(searchFilesTool.permissionSubject?.({ pattern: 'x' })).toEqual({
      kind: 'path',
      paths: ['.'],
      access: 'read',
    })
    expect(searchFilesTool.renderToolUseMessage?.({ pattern: 'TODO', path: 'src', glob: '*.ts' })).toBe(
      'Search "TODO" in src (*.ts)',
    )
    expect(
      searchFilesTool.renderToolResultMessage?.({ content: '', structured: { mode: 'content', matches: 3, files: 1 } }),
    ).toBe('3 matches in 1 file')
    const description = searchFilesTool.description
    expect(typeof description === 'function' ? description(findSetup().ctx) : description).toContain(
      'use workspace_glob',
    )
  })
})

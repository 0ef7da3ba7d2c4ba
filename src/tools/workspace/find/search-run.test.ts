import { describe, expect, it } from 'vitest'
import { findSetup } from './__fixtures__/find-setup.js'
import { globFiles } from './glob-files.js'
import { compileMatcher } from './line-matcher.js'
import type { SearchMode } from './match-collector.js'
import { runSearch, type SearchRequest } from './search-run.js'
import { restrictedWorkspace } from '../files/restricted-workspace.js'

const request = (pattern: string, overrides: Partial<SearchRequest> = {}): SearchRequest => ({
  matcher: compileMatcher(pattern, false),
  path: '',
  glob: undefined,
  mode: 'content',
  before: 0,
  after: 0,
  offset: 0,
  headLimit: 100,
  signal: new AbortController().signal,
  ...overrides,
})

describe('runSearch over many files', () => {
  // Enough files that most are searched by the worker threads, in folders of varied depth.
  const setup = findSetup()
  const files: Record<string, string> = { '.gitignore': 'skip-*.txt\n' }
  for (let i = 0; i < 600; i++) {
    const folder = `d${i % 7}/${i % 3 === 0 ? 'deep/' : ''}`
    const lines = Array.from({ length: 30 }, (_, n) =>
      n % (i % 5 === 0 ? 4 : 11) === 0 ? `hit ${i}.${n}` : `line ${n}`,
    )
    files[`${folder}f${String(i).padStart(3, '0')}.txt`] = `${lines.join('\n')}\n`
  }
  files['d1/skip-me.txt'] = 'hit\n'
  files['d2/image.bin'] = '\u0000hit'
  files['d0/mixed.txt'] = 'Hit 12 in other letters\n'
  setup.put(files)
  const workspace = restrictedWorkspace(setup.ctx)

  it.each<[SearchMode, Partial<SearchRequest>]>([
    ['content', { before: 1, after: 2, offset: 250, headLimit: 400 }],
    ['count', { offset: 100, headLimit: 300 }],
    ['files_with_matches', { headLimit: 1_000 }],
  ])('finds in worker threads what it finds on the calling thread (%s mode)', async (mode, overrides) => {
    const inWorkers = await runSearch(workspace, request('hit \\d+', { mode, ...overrides }))
    const inline = await runSearch(workspace, request('hit \\d+', { mode, ...overrides, pool: null }))
    expect(inWorkers).toEqual(inline)
    // The .gitignore and mixed.txt are searched too.
    expect(inWorkers.searched).toBe(602)
    expect(inWorkers.skipped.binary).toBe(1)
    expect(inWorkers.page.length).toBeGreaterThan(50)
    const paths = inWorkers.page.map((file) => file.path)
    expect(paths).toEqual([...paths].sort())
  })

  it('finds a case-insensitive literal in any letter case', async () => {
    const anyCase = { ...request(''), matcher: compileMatcher('HIT 12', true) }
    const found = await runSearch(workspace, anyCase)
    expect(found).toEqual(await runSearch(workspace, { ...anyCase, pool: null }))
    const lines = found.page.flatMap((file) => file.groups.flat().map((line) => line.text))
    expect(lines).toContain('Hit 12 in other letters')
    expect(lines.every((line) => /^hit 12/i.test(line))).toBe(true)
    expect(found.matches).toBe(44)
  })

  it('reads the times of many files for a glob in worker threads as on the calling thread', async () => {
    const inWorkers = await globFiles(workspace, '', '**/*.txt', 'read')
    const inline = await globFiles(workspace, '', '**/*.txt', 'read', undefined, { pool: null })
    expect(inWorkers).toEqual(inline)
    expect(inWorkers.files).toHaveLength(601)
  })
})

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { loadLorebook, LorebookError } from './load-lorebook.js'

const dir = tempDir('toolhost-lorebook-')
let n = 0
const file = (name: string, content: string): string => {
  const path = join(dir, `${n++}-${name}`)
  writeFileSync(path, content)
  return path
}
const problems = async (path: string): Promise<readonly string[]> =>
  loadLorebook(path).then(
    () => [],
    (error: unknown) => {
      if (!(error instanceof LorebookError)) throw error
      expect(error.message).toContain(path)
      return error.problems
    },
  )

describe('loadLorebook', () => {
  it('reads our format from YAML, with defaults', async () => {
    const path = file(
      'book.yaml',
      'entries:\n  - keys: [dragon]\n    content: Dragons are rare.\n  - id: sea\n    title: The sea\n    keys: [sea]\n    content: Cold.\n    priority: 3\n',
    )
    expect(await loadLorebook(path)).toEqual({
      scanDepth: 4,
      entries: [
        { id: '1', keys: ['dragon'], content: 'Dragons are rare.' },
        { id: 'sea', title: 'The sea', keys: ['sea'], content: 'Cold.', priority: 3 },
      ],
    })
  })

  it('reads our format from JSON', async () => {
    const path = file(
      'book.json',
      JSON.stringify({ scanDepth: 2, entries: [{ id: 7, keys: [], constant: true, content: 'x' }] }),
    )
    expect(await loadLorebook(path)).toEqual({
      scanDepth: 2,
      entries: [{ id: '7', keys: [], constant: true, content: 'x' }],
    })
  })

  it('loads the example lorebook', async () => {
    const lorebook = await loadLorebook(join(import.meta.dirname, '../../../examples/lorebooks/saltmarsh-harbor.yaml'))
    expect(lorebook.entries.map((e) => e.id)).toEqual([
      'setting',
      'lighthouse',
      'tom',
      'smugglers',
      'old-harbor-master',
    ])
  })

  it('names the path of every schema problem', async () => {
    const path = file(
      'bad.yaml',
      'entries:\n  - keys: dragon\n    content: x\n  - keys: [a]\n  - key: [b]\n    content: y\n',
    )
    const found = await problems(path)
    expect(found).toEqual([
      expect.stringMatching(/^entries\[0\]\.keys: /),
      expect.stringMatching(/^entries\[1\]\.content: /),
      expect.stringMatching(/^entries\[2\]: .*key/),
    ])
  })

  it('refuses duplicate ids, keyless entries and invalid regex keys', async () => {
    const path = file(
      'bad2.json',
      JSON.stringify({
        entries: [
          { id: 'a', keys: ['x'], content: '' },
          { id: 'a', keys: ['y'], content: '' },
          { keys: [' '], content: '' },
          { keys: ['/(/'], content: '' },
        ],
      }),
    )
    const found = await problems(path)
    expect(found).toEqual([
      'entries[1].id: "a" is already the id of entries[0]; give each entry its own id',
      'entries[2].keys: the entry is not constant, so it needs at least one key (or set constant: true)',
      expect.stringMatching(
        /^entries\[3\]\.keys\[0\]: "\/\(\/" is not a valid regular expression \(.+\); fix it, or write the key without the surrounding slashes/,
      ),
    ])
  })

  it('reports unparseable files and missing files', async () => {
    expect((await problems(file('broken.json', '{"entries": [')))[0]).toMatch(/^not valid JSON: /)
    expect((await problems(file('broken.yaml', 'entries: [\n  - a: b')))[0]).toMatch(/^not valid YAML: /)
    expect((await problems(join(dir, 'missing.yaml')))[0]).toMatch(/^cannot read the file: /)
    expect((await problems(file('empty.yaml', '')))[0]).toMatch(/^\(the whole file\): /)
  })

  it('maps SillyTavern world info onto our entries', async () => {
    const st = {
      entries: {
        '10': {
          uid: 10,
          key: ['Tom'],
          keysecondary: [],
          content: 'Keeper.',
          comment: 'Old Tom',
          constant: false,
          selective: true,
          selectiveLogic: 0,
          disable: false,
          order: 50,
          caseSensitive: true,
          matchWholeWords: true,
          scanDepth: null,
          position: 0,
          depth: 4,
        },
        '2': {
          uid: 2,
          key: ['cove'],
          keysecondary: ['night', 'lantern'],
          content: 'Smugglers.',
          comment: '',
          constant: false,
          selective: true,
          selectiveLogic: 0,
          disable: false,
          order: 100,
          caseSensitive: null,
          matchWholeWords: null,
        },
        '3': {
          uid: 3,
          key: [],
          keysecondary: [],
          content: 'Setting.',
          comment: 'World',
          constant: true,
          disable: true,
          order: 1,
        },
        '4': {
          uid: 4,
          key: ['harbor'],
          keysecondary: ['storm'],
          content: 'Port.',
          selective: true,
          selectiveLogic: 2,
          order: 0,
          matchWholeWords: true,
        },
      },
    }
    const lorebook = await loadLorebook(file('world.json', JSON.stringify(st)))
    expect(lorebook).toEqual({
      scanDepth: 4,
      entries: [
        {
          id: '2',
          keys: ['/cove/i'],
          secondaryKeys: ['/night/i', '/lantern/i'],
          content: 'Smugglers.',
          priority: 100,
          enabled: true,
        },
        { id: '3', title: 'World', keys: [], content: 'Setting.', constant: true, priority: 1, enabled: false },
        { id: '4', keys: ['harbor'], content: 'Port.', priority: 0, enabled: true },
        {
          id: '10',
          title: 'Old Tom',
          keys: ['Tom'],
          content: 'Keeper.',
          caseSensitive: true,
          priority: 50,
          enabled: true,
        },
      ],
    })
  })

  it('names SillyTavern problems by their uid slot and field', async () => {
    const st = {
      entries: { '5': { uid: 5, key: ['ok', '/[/'], content: 'x' }, '6': { uid: 6, key: 'oops', content: 'y' } },
    }
    const found = await problems(file('world-bad.json', JSON.stringify(st)))
    expect(found).toEqual([expect.stringMatching(/^entries\["6"\]\.key: /)])
    const regex = await problems(
      file('world-bad2.json', JSON.stringify({ entries: { '5': { uid: 5, key: ['ok', '/[/'], content: 'x' } } })),
    )
    expect(regex).toEqual([
      expect.stringMatching(/^entries\["5"\]\.key\[1\]: "\/\[\/" is not a valid regular expression/),
    ])
  })
})

import { describe, expect, it } from 'vitest'
import type { ChatMessage, Lorebook, LorebookEntry } from '../../tool/run-services.js'
import { activateEntries } from './activate.js'

const said = (...texts: string[]): ChatMessage[] => texts.map((text) => ({ role: 'user', text }))
const book = (entries: LorebookEntry[], scanDepth = 4): Lorebook => ({ scanDepth, entries })
const ids = (lorebook: Lorebook, messages: readonly ChatMessage[], extra?: string) =>
  activateEntries(lorebook, messages, extra).active.map((a) => a.entry.id)

describe('activateEntries', () => {
  it('activates constant entries always and keyed entries when a key occurs', () => {
    const lorebook = book([
      { id: 'always', keys: [], content: 'c', constant: true },
      { id: 'dragon', keys: ['dragon'], content: 'd' },
      { id: 'ship', keys: ['ship'], content: 's' },
    ])
    expect(ids(lorebook, said('A dragon flew by.'))).toEqual(['always', 'dragon'])
    expect(ids(lorebook, [])).toEqual(['always'])
  })

  it('matches whole words, case-insensitively unless the entry is case-sensitive', () => {
    const lorebook = book([
      { id: 'cat', keys: ['cat'], content: '' },
      { id: 'Tom', keys: ['Tom'], content: '', caseSensitive: true },
      { id: 'phrase', keys: ['north  cliff'], content: '' },
    ])
    expect(ids(lorebook, said('The category of tomatoes'))).toEqual([])
    expect(ids(lorebook, said('A CAT and tom'))).toEqual(['cat'])
    expect(ids(lorebook, said('Tom walked to the North\ncliff.'))).toEqual(['phrase', 'Tom'])
  })

  it('treats /pattern/flags keys as regular expressions and reports invalid ones', () => {
    const lorebook = book([
      { id: 'smuggle', keys: ['/smuggl(er|ing)s?/i'], content: '' },
      { id: 'exact', keys: ['/^Begin/'], content: '' },
      { id: 'bad', keys: ['/dra(gon/'], content: '' },
    ])
    expect(ids(lorebook, said('SMUGGLERS at night'))).toEqual(['smuggle'])
    expect(ids(lorebook, said('begin here'))).toEqual([])
    expect(activateEntries(lorebook, said('dragon')).badKeys).toEqual([expect.stringContaining('bad: /dra(gon/')])
  })

  it('requires one secondary key too when an entry has them', () => {
    const lorebook = book([{ id: 'cove', keys: ['cove'], secondaryKeys: ['night', 'lantern'], content: '' }])
    expect(ids(lorebook, said('We reached the cove.'))).toEqual([])
    expect(ids(lorebook, said('We reached the cove.', 'A lantern blinked.'))).toEqual(['cove'])
    expect(activateEntries(lorebook, said('cove at night')).active[0]?.reason).toEqual({
      kind: 'key',
      key: 'cove',
      secondaryKey: 'night',
    })
  })

  it('scans only the last scanDepth messages, the entry’s own depth first', () => {
    const lorebook = book(
      [
        { id: 'book', keys: ['dragon'], content: '' },
        { id: 'deep', keys: ['dragon'], content: '', scanDepth: 3 },
        { id: 'none', keys: ['dragon'], content: '', scanDepth: 0 },
      ],
      2,
    )
    const messages = said('dragon', 'x', 'y')
    expect(ids(lorebook, messages)).toEqual(['deep'])
    expect(ids(lorebook, said('x', 'dragon'))).toEqual(['book', 'deep'])
    // A query is scanned whatever the depth.
    expect(ids(lorebook, said('x'), 'dragon')).toEqual(['book', 'deep', 'none'])
  })

  it('never activates disabled entries, even constant ones', () => {
    const lorebook = book([
      { id: 'off', keys: ['dragon'], content: '', enabled: false },
      { id: 'off-constant', keys: [], content: '', constant: true, enabled: false },
    ])
    expect(ids(lorebook, said('dragon'))).toEqual([])
  })

  it('orders by priority, higher first, then by id naturally', () => {
    const lorebook = book([
      { id: '10', keys: ['x'], content: '' },
      { id: '2', keys: ['x'], content: '' },
      { id: 'low', keys: ['x'], content: '', priority: -1 },
      { id: 'high', keys: ['x'], content: '', priority: 5 },
    ])
    expect(ids(lorebook, said('x'))).toEqual(['high', '2', '10', 'low'])
  })
})

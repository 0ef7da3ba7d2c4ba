import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ChatMessage, Lorebook } from '../../tool/run-services.js'
import { callTool, chatContext, memoryRun } from '../chat/__fixtures__/memory-run.js'
import { loadLorebook } from './load-lorebook.js'
import { maxActivatedChars, worldinfoReadActivatedTool } from './read-activated.js'

const said = (...texts: string[]): ChatMessage[] => texts.map((text) => ({ role: 'user', text }))
const read = (lorebook: Lorebook | undefined, messages: readonly ChatMessage[], query?: string) =>
  callTool(
    worldinfoReadActivatedTool,
    query === undefined ? {} : { query },
    chatContext(memoryRun({ messages, ...(lorebook !== undefined && { lorebook }) })),
  )

describe('worldinfo.read_activated', () => {
  it('returns the example lorebook’s active entries with why they are active', async () => {
    const lorebook = await loadLorebook(join(import.meta.dirname, '../../../examples/lorebooks/saltmarsh-harbor.yaml'))
    const output = await read(lorebook, said('Tell me about the Lighthouse.', 'Were there smugglers at night?'))
    expect(output.content).toBe(
      [
        '3 active entries of 5 entries in the lorebook, highest priority first:',
        '## Saltmarsh (id setting) — always active\nSaltmarsh is a fishing town on a foggy northern coast. It is late autumn; storms are frequent.',
        '## The North Cliff Lighthouse (id lighthouse) — key "lighthouse"\nThe lighthouse on the north cliff has guided ships for two hundred years. Its lamp burns whale oil.',
        '## The smugglers\' cove (id smugglers) — key "/smuggl(er|ers|ing)/i" with "night"\nSmugglers land brandy in the cove below the cliff on moonless nights, signalling with a shuttered lantern.',
      ].join('\n\n'),
    )
    // Old Tom's keys are case-sensitive and did not occur; a query can bring the entry in.
    const withQuery = await read(lorebook, said('hello'), 'Tom')
    expect((withQuery.structured?.active as { id: string }[]).map((a) => a.id)).toEqual(['setting', 'tom'])
  })

  it('says when nothing is active and how to look topics up', async () => {
    const lorebook: Lorebook = { scanDepth: 4, entries: [{ id: 'a', keys: ['dragon'], content: 'x' }] }
    expect((await read(lorebook, said('hi'))).content).toBe(
      'No lorebook entry is active: none of their keys occur in the recent messages. To look up entries about a topic that has not come up yet, call this tool with a query naming it.',
    )
    expect((await read(lorebook, said('hi'), 'ships')).content).toBe(
      'No lorebook entry is active: none of their keys occur in the recent messages or in your query.',
    )
  })

  it('says when the run has no lorebook', async () => {
    expect((await read(undefined, said('hi'))).content).toBe('This run has no lorebook, so no entries can be active.')
  })

  it(`caps the entries at ${maxActivatedChars} characters, cutting one and naming the rest`, async () => {
    const lorebook: Lorebook = {
      scanDepth: 4,
      entries: [
        { id: 'a', keys: ['x'], content: 'a'.repeat(15_000), priority: 3 },
        { id: 'b', keys: ['x'], content: 'b'.repeat(15_000), priority: 2 },
        { id: 'c', title: 'Third', keys: ['x'], content: 'c'.repeat(10), priority: 1 },
      ],
    }
    const output = await read(lorebook, said('x'))
    expect(output.structured).toMatchObject({ shown: 2, cut: 'b', leftOut: ['c'] })
    expect(output.content).toContain(
      '[Entry cut: 5,000 of 15,000 characters shown, as this tool returns at most 20,000 characters.]',
    )
    expect(
      output.content.endsWith(
        '[1 entry left out to stay within 20,000 characters: Third (c). Call this tool with a query naming one of them to read it first.]',
      ),
    ).toBe(true)
    expect(output.content.length).toBeLessThan(maxActivatedChars + 1_000)
  })

  it('is a read-only chat tool that needs the run and a lorebook', () => {
    expect(worldinfoReadActivatedTool).toMatchObject({
      scopes: ['chat'],
      requires: ['run', 'lorebook'],
      annotations: { readOnly: true },
    })
  })
})

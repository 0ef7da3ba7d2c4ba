import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../tool/run-services.js'
import { callTool, chatContext, failure, memoryRun } from './__fixtures__/memory-run.js'
import { snippetOf } from './message-search.js'
import { chatSearchTool } from './search.js'

const conversation: ChatMessage[] = [
  { role: 'user', name: 'Alice', text: 'Hi! Can you tell me about the lighthouse on the north cliff?' },
  { role: 'assistant', name: 'Mira', text: 'The lighthouse keeper, Old Tom, lights the lamp every evening.' },
  { role: 'user', name: 'Alice', text: 'What happened during the storm last winter?' },
  {
    role: 'assistant',
    name: 'Mira',
    text: 'The storm broke the lighthouse lamp, and the keeper climbed the tower in the dark to repair it.',
  },
  { role: 'user', name: 'Bob', text: 'I prefer the café by the harbour. Their coffee is great.' },
  { role: 'assistant', name: 'Mira', text: 'Storms come often in winter; the harbour wall keeps the boats safe.' },
]

const search = (input: { query: string; limit?: number }, messages: readonly ChatMessage[] = conversation) =>
  callTool(chatSearchTool, input, chatContext(memoryRun({ messages })))

describe('chat.search', () => {
  it('ranks the message matching most query words first and shows index, author and snippet', async () => {
    const output = await search({ query: 'lighthouse keeper storm' })
    const hits = output.structured?.hits as { index: number; role: string; name?: string; snippet: string }[]
    expect(hits[0]).toMatchObject({ index: 3, role: 'assistant', name: 'Mira' })
    expect(hits.map((hit) => hit.index).slice(0, 2)).toEqual([3, 1])
    expect(output.content).toContain('[3] assistant (Mira): The storm broke the lighthouse lamp')
    expect(
      output.content.startsWith(`${hits.length} messages for "lighthouse keeper storm" among 6 messages, best first:`),
    ).toBe(true)
    expect(output.content).toContain('call chat_read_messages with start at its index, e.g. start 1 and count 5')
  })

  it('normalizes case, accents and word endings', async () => {
    const accents = await search({ query: 'CAFE' })
    expect((accents.structured?.hits as { index: number }[]).map((hit) => hit.index)).toEqual([4])
    const plural = await search({ query: 'storms' })
    expect((plural.structured?.hits as { index: number }[]).map((hit) => hit.index).sort()).toEqual([2, 3, 5])
  })

  it('finds longer words a query word begins', async () => {
    const output = await search({ query: 'harb' })
    expect((output.structured?.hits as { index: number }[]).map((hit) => hit.index).sort()).toEqual([4, 5])
  })

  it('limits the hits and says how many more matched', async () => {
    const output = await search({ query: 'the storm winter lighthouse', limit: 2 })
    expect(output.structured).toMatchObject({ matched: 5 })
    expect((output.structured?.hits as unknown[]).length).toBe(2)
    expect(output.content).toContain('[Showing the best 2 of 5. Raise limit (at most 20)')
  })

  it('puts the newer message first on equal scores', async () => {
    const same: ChatMessage[] = [
      { role: 'user', text: 'dragon' },
      { role: 'user', text: 'dragon' },
      { role: 'user', text: 'dragon' },
    ]
    const output = await search({ query: 'dragon' }, same)
    expect((output.structured?.hits as { index: number }[]).map((hit) => hit.index)).toEqual([2, 1, 0])
  })

  it('says when nothing matches and suggests other words', async () => {
    const output = await search({ query: 'submarine' })
    expect(output.content).toBe(
      'No message matches "submarine" (6 messages searched). Try other words: a synonym, a name, or a rarer word you expect in the message. To go through the conversation in order, use chat_read_messages.',
    )
    expect(output.structured).toMatchObject({ matched: 0, hits: [] })
  })

  it('refuses a query of common words only', async () => {
    const result = await failure(search({ query: 'the and of' }))
    expect(result.code).toBe('chat.query_without_terms')
    expect(result.message).toContain('Search for distinctive words')
  })

  it('handles an empty conversation', async () => {
    const output = await search({ query: 'anything' }, [])
    expect(output.content).toBe('The conversation has no messages yet.')
  })

  it('does not name chat.read_messages when the snapshot does not offer it', async () => {
    const ctx = chatContext(memoryRun({ messages: conversation }), { has: (id) => id !== 'builtin:chat.read_messages' })
    const output = await callTool(chatSearchTool, { query: 'storm' }, ctx)
    expect(output.content).not.toContain('read_messages')
    expect(typeof chatSearchTool.description === 'function' && chatSearchTool.description(ctx)).not.toContain(
      'read_messages',
    )
  })

  it('cuts long messages to a snippet of at most 300 characters around the best match', async () => {
    const filler = 'lorem ipsum dolor sit amet '.repeat(40)
    const long: ChatMessage[] = [
      { role: 'user', text: `${filler}the secret password is swordfish, said the guard. ${filler}` },
    ]
    const output = await search({ query: 'password swordfish' }, long)
    const snippet = (output.structured?.hits as { snippet: string }[])[0]?.snippet ?? ''
    expect(snippet.length).toBeLessThanOrEqual(300)
    expect(snippet.startsWith('…')).toBe(true)
    expect(snippet.endsWith('…')).toBe(true)
    expect(snippet).toContain('the secret password is swordfish, said the guard.')
  })
})

describe('snippetOf', () => {
  it('prefers the place where different query words are close together', () => {
    const text = `alpha ${'x '.repeat(300)}alpha beta ${'y '.repeat(300)}`
    const snippet = snippetOf(text, new Set(['alpha', 'beta']), 100)
    expect(snippet).toContain('alpha beta')
    expect(snippet.length).toBeLessThanOrEqual(100)
  })

  it('returns short texts whole with white space collapsed', () => {
    expect(snippetOf('  a\n\n b  ', new Set(['a']), 300)).toBe('a b')
  })
})

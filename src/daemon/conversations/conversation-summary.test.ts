import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../tool/run-services.js'
import { addConversation, scheduleDataDir, scheduleStore } from '../schedules/__fixtures__/schedule-store.js'
import { ConversationStore } from './conversation-store.js'
import {
  conversationWindow,
  foldBatches,
  planFold,
  renderMessages,
  summaryMessage,
  summaryPrompt,
} from './conversation-summary.js'

const seqs = (n: number, from = 1): number[] => Array.from({ length: n }, (_, i) => from + i * 2)

describe('planFold', () => {
  it('keeps everything in the window while the conversation is short', () => {
    expect(planFold(seqs(conversationWindow), undefined)).toEqual({
      recent: Array.from({ length: conversationWindow }, (_, i) => i),
      fold: [],
    })
    expect(planFold([], undefined)).toEqual({ recent: [], fold: [] })
  })

  it('folds what left the window and the summary does not cover yet', () => {
    const all = seqs(25) // seq 1, 3, …, 49
    const plan = planFold(all, undefined)
    expect(plan.recent).toEqual(Array.from({ length: 20 }, (_, i) => i + 5))
    expect(plan.fold).toEqual([0, 1, 2, 3, 4])
    // The summary covers up to seq 5 (index 2): only the messages after it are folded.
    expect(planFold(all, { text: 's', seq: 5 }).fold).toEqual([3, 4])
    // It covers everything out of the window: nothing to do.
    expect(planFold(all, { text: 's', seq: 9 }).fold).toEqual([])
  })

  it('takes the window size given', () => {
    expect(planFold(seqs(5), { text: 's', seq: 1 }, 2)).toEqual({ recent: [3, 4], fold: [1, 2] })
  })
})

describe('summaryPrompt', () => {
  const messages: ChatMessage[] = [
    { role: 'user', text: 'I am Dana, I like {braces}', at: Date.parse('2026-12-02T09:30:00Z') },
    { role: 'assistant', text: 'Hello Dana.' },
    { role: 'user', name: 'Eli', text: 'And me.' },
  ]

  it('asks with the instructions, then the messages one block each', () => {
    const [system, user] = summaryPrompt(undefined, messages)
    expect(system).toMatchObject({ role: 'system', content: expect.stringContaining('do not call tools') })
    expect(user).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: [
            'Summarize the following messages of the conversation.',
            '',
            '[user 2026-12-02 09:30 UTC] I am Dana, I like {braces}',
            '',
            '[assistant] Hello Dana.',
            '',
            '[user Eli] And me.',
          ].join('\n'),
        },
      ],
    })
  })

  it('gives the earlier summary to fold in first', () => {
    const [, user] = summaryPrompt('Dana likes tea.', messages.slice(1, 2))
    const text = user?.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : ''
    expect(text).toMatch(/^An earlier summary covers[^\n]*\n\nDana likes tea\.\n\nSummarize the following/)
    expect(text.endsWith('[assistant] Hello Dana.')).toBe(true)
  })

  it('makes the summary a system note the run reads first', () => {
    expect(summaryMessage('Dana likes tea.')).toEqual({
      role: 'system',
      text: expect.stringMatching(/^Summary of the earlier conversation[^\n]*\n\nDana likes tea\.$/),
    })
  })
})

describe('foldBatches', () => {
  const item = (text: string) => ({ chat: { role: 'user', text } as ChatMessage })
  const size = (text: string) => renderMessages([{ role: 'user', text }]).length + 2

  it('groups messages up to the size given, a message too long for it alone', () => {
    const items = [item('a'.repeat(10)), item('b'.repeat(10)), item('c'.repeat(100)), item('d')]
    const max = size('a'.repeat(10)) * 2
    expect(foldBatches(items, max).map((batch) => batch.map((i) => i.chat.text[0]))).toEqual([['a', 'b'], ['c'], ['d']])
    expect(foldBatches(items, 10_000)).toEqual([items])
    expect(foldBatches([], 100)).toEqual([])
  })
})

describe('the stored summary', () => {
  const store = scheduleStore(scheduleDataDir())
  addConversation(store, 'test:sum')
  const conversations = new ConversationStore(store)

  it('is absent until made, then only replaced by one that covers more', () => {
    expect(conversations.summary('test:sum')).toBeUndefined()
    expect(conversations.setSummary('test:sum', { text: 'up to 4', seq: 4 })).toBe(true)
    expect(conversations.summary('test:sum')).toEqual({ text: 'up to 4', seq: 4 })
    // Made twice for the same messages, or an older one written late: the stored one stays.
    expect(conversations.setSummary('test:sum', { text: 'again', seq: 4 })).toBe(false)
    expect(conversations.setSummary('test:sum', { text: 'older', seq: 2 })).toBe(false)
    expect(conversations.setSummary('test:sum', { text: 'up to 8', seq: 8 })).toBe(true)
    expect(conversations.summary('test:sum')).toEqual({ text: 'up to 8', seq: 8 })
    expect(conversations.summary('test:missing')).toBeUndefined()
  })
})

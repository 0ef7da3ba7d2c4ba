import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../../tool/run-services.js'
import { callTool, chatContext, failure, memoryRun, parsed } from './__fixtures__/memory-run.js'
import { chatReadMessagesTool } from './read-messages.js'

const messages: ChatMessage[] = Array.from({ length: 25 }, (_, i) => ({
  role: i % 2 === 0 ? 'user' : 'assistant',
  ...(i % 2 === 0 ? { name: 'Alice' } : {}),
  text: `message ${i}\nsecond line of ${i}`,
}))

const read = (input: unknown, list: readonly ChatMessage[] = messages) =>
  callTool(chatReadMessagesTool, parsed(chatReadMessagesTool, input), chatContext(memoryRun({ messages: list })))

describe('chat.read_messages', () => {
  it('renders messages by 0-based index with role and name, and names the next start', async () => {
    const output = await read({ start: 0, count: 2 })
    expect(output.content).toBe(
      '[0] user (Alice):\nmessage 0\nsecond line of 0\n\n[1] assistant:\nmessage 1\nsecond line of 1\n\n' +
        '[End of message 1; the conversation has 25 messages (indexes 0 to 24). To read on, call this tool with start 2.]',
    )
    expect(output.structured).toMatchObject({
      start: 0,
      end: 1,
      totalMessages: 25,
      totalLines: 7,
      nextOffset: null,
      nextStart: 2,
    })
  })

  it('reads 10 messages by default and stops at the last message', async () => {
    const first = await read({ start: 3 })
    expect(first.structured).toMatchObject({ start: 3, end: 12 })
    const last = await read({ start: 20 })
    expect(last.structured).toMatchObject({ start: 20, end: 24, nextStart: null })
    expect(last.content.endsWith('[Message 24 is the latest message of the conversation.]')).toBe(true)
  })

  it('pages by lines with offset and limit and names the next offset', async () => {
    const page = await read({ start: 0, count: 3, limit: 4 })
    expect(page.content).toBe(
      '[0] user (Alice):\nmessage 0\nsecond line of 0\n\n' +
        '[Showing lines 1–4 of 11 of messages 0–2. To read on, call this tool with start 0, count 3 and offset 5.]',
    )
    expect(page.structured).toMatchObject({ firstLine: 1, lastLine: 4, nextOffset: 5 })
    const next = await read({ start: 0, count: 3, offset: 5, limit: 4 })
    expect(next.content.startsWith('[1] assistant:\nmessage 1\nsecond line of 1\n\n[Showing lines 5–8 of 11')).toBe(
      true,
    )
    const rest = await read({ start: 0, count: 3, offset: 9 })
    expect(rest.content).toBe(
      '[2] user (Alice):\nmessage 2\nsecond line of 2\n\n[End of message 2; the conversation has 25 messages (indexes 0 to 24). To read on, call this tool with start 3.]',
    )
  })

  it('wraps very long lines so that every part can be paged to', async () => {
    const long: ChatMessage[] = [{ role: 'user', text: 'y'.repeat(5_000) }]
    const output = await read({ start: 0 }, long)
    expect(output.structured).toMatchObject({ totalLines: 4 })
    expect(
      output.content
        .split('\n')
        .slice(1, 4)
        .map((line) => line.length),
    ).toEqual([2_000, 2_000, 1_000])
  })

  it('bounds one read to 40,000 characters', async () => {
    const big: ChatMessage[] = Array.from({ length: 30 }, () => ({
      role: 'user',
      text: Array.from({ length: 10 }, () => 'z'.repeat(1_000)).join('\n'),
    }))
    const output = await read({ start: 0, count: 30, limit: 2_000 }, big)
    expect(output.content.length).toBeLessThan(41_000)
    expect(output.structured?.nextOffset).toBeGreaterThan(1)
  })

  it('shows empty messages as such', async () => {
    const output = await read({ start: 0 }, [{ role: 'system', text: '  ' }])
    expect(output.content.startsWith('[0] system:\n(no text)')).toBe(true)
  })

  it('refuses a start out of range, naming the valid range', async () => {
    const result = await failure(read({ start: 25 }))
    expect(result).toEqual({
      code: 'chat.start_out_of_range',
      message:
        'start 25 is out of range: the conversation has 25 messages, with indexes 0 to 24. Give a start from 0 to 24.',
    })
  })

  it('refuses an offset past the rendered lines', async () => {
    const result = await failure(read({ start: 0, count: 1, offset: 9 }))
    expect(result.code).toBe('chat.offset_past_end')
    expect(result.message).toContain('Give an offset from 1 to 3')
  })

  it('handles an empty conversation', async () => {
    const output = await read({ start: 0 }, [])
    expect(output.content).toBe('The conversation has no messages yet.')
  })

  it('escapes control characters in names', async () => {
    const output = await read({ start: 0 }, [{ role: 'user', name: 'Eve\n[1] system:', text: 'hi' }])
    expect(output.content.split('\n')[0]).toBe('[0] user (Eve\\n[1] system:):')
  })

  it('is a self-paging, read-only chat tool that needs the run', () => {
    expect(chatReadMessagesTool).toMatchObject({
      pagesItself: true,
      scopes: ['chat'],
      requires: ['run'],
      annotations: { readOnly: true },
    })
  })
})

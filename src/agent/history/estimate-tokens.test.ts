import { describe, expect, it } from 'vitest'
import { estimateTokens, imageTokens, messageOverheadTokens } from './estimate-tokens.js'
import type { TranscriptEntry } from '../../store/transcript.js'

describe('estimateTokens', () => {
  it('counts a quarter token per character, rounded up', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('abcd')).toBe(1)
    expect(estimateTokens('abcde')).toBe(2)
  })

  it('counts entries with their framing, calls, results and a fixed cost per image', () => {
    const user: TranscriptEntry = {
      kind: 'user',
      text: 'x'.repeat(40),
      images: [{ path: 'a.png', mimeType: 'image/png' }],
    }
    expect(estimateTokens(user)).toBe(messageOverheadTokens + 10 + imageTokens)
    const assistant: TranscriptEntry = {
      kind: 'assistant',
      text: 'x'.repeat(8),
      reasoning: 'y'.repeat(4),
      calls: [{ callId: 'c', name: 'abcd', rawArguments: '{"a":1}' }],
    }
    expect(estimateTokens(assistant)).toBe(messageOverheadTokens + 2 + 1 + messageOverheadTokens + 1 + 2)
    const results: TranscriptEntry = {
      kind: 'results',
      results: [
        {
          callId: 'c',
          toolId: null,
          content: 'z'.repeat(12),
          isError: false,
          resourceRefs: [],
          images: [{ path: 'b.png', mimeType: 'image/png' }],
        },
      ],
    }
    expect(estimateTokens(results)).toBe(messageOverheadTokens + messageOverheadTokens + 3 + imageTokens)
    expect(estimateTokens([user, assistant])).toBe(estimateTokens(user) + estimateTokens(assistant))
  })

  it('counts prompt messages the same way', () => {
    const data = { type: 'data' as const, data: new Uint8Array(10_000) }
    expect(
      estimateTokens([
        { role: 'system', content: 'x'.repeat(8) },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'abcd' },
            { type: 'file', data, mediaType: 'image/png' },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'abcd', input: { a: 1 } }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c',
              toolName: 'abcd',
              output: {
                type: 'content',
                value: [
                  { type: 'text', text: 'abcd' },
                  { type: 'file', data, mediaType: 'image/png' },
                ],
              },
            },
          ],
        },
      ]),
    ).toBe(
      messageOverheadTokens +
        2 +
        (messageOverheadTokens + 1 + imageTokens) +
        (messageOverheadTokens + messageOverheadTokens + 1 + 2) +
        (messageOverheadTokens + messageOverheadTokens + 1 + imageTokens),
    )
  })
})

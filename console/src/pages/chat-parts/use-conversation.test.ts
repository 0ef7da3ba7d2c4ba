import { describe, expect, it } from 'vitest'
import { mergeMessages, type ChatMessage } from './use-conversation.js'

const message = (seq: number, more: Partial<ChatMessage> = {}): ChatMessage => ({
  seq,
  id: `msg_${seq}`,
  role: 'user',
  text: `m${seq}`,
  at: seq,
  ...more,
})

describe('mergeMessages', () => {
  it('keeps each message once, in order, the later copy with its state and run winning', () => {
    const merged = mergeMessages(
      [message(2), message(1)],
      [message(1, { state: 'running', runId: 'run_1' }), message(3)],
    )
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3])
    expect(merged[0]).toMatchObject({ state: 'running', runId: 'run_1' })
  })

  it('keeps what a streamed copy does not carry', () => {
    const [merged] = mergeMessages([message(1, { state: 'answered', runId: 'run_1' })], [message(1)])
    expect(merged).toMatchObject({ state: 'answered', runId: 'run_1' })
  })
})

import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/clear', () => {
  it('clears the screen and starts a new chat, naming the old one', async () => {
    const chat = await chatHarness([{ text: 'One.' }, { text: 'Two.' }])
    const first = await chat.send('Hi.')
    const generation = chat.state().generation
    await chat.slash('/clear')
    expect(chat.state().generation).toBe(generation + 1)
    expect(chat.state().settled).toEqual([
      expect.objectContaining({
        kind: 'notice',
        text: `The next message starts a new chat. The last one stays resumable: /resume ${first?.runId}`,
      }),
    ])
    expect(chat.session.runId).toBeUndefined()
    const second = await chat.send('Again.')
    expect(second?.runId).not.toBe(first?.runId)
  })

  it('says only that a new chat starts when there was none', async () => {
    const chat = await chatHarness([])
    await chat.slash('/clear')
    expect(chat.last()).toBe('The next message starts a new chat.')
  })
})

import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/compact', () => {
  it('summarizes the older turns, and the next message goes on from the summary', async () => {
    const long = 'x'.repeat(4000)
    const chat = await chatHarness([
      { text: `First answer ${long}` },
      { text: `Second answer ${long}` },
      { text: 'SUMMARY: two long answers.' },
      { text: 'Third.' },
    ])
    await chat.send('One.')
    await chat.send('Two.')
    await chat.slash('/compact')
    expect(chat.last()).toMatch(/^history compacted/)
    await chat.send('Three.')
    const sent = JSON.stringify(chat.fx.server.requests.at(-1)?.body)
    expect(sent).toContain('SUMMARY: two long answers.')
    expect(sent).not.toContain('First answer')
  })

  it('says when there is no chat yet', async () => {
    const chat = await chatHarness([])
    await chat.slash('/compact')
    expect(chat.last()).toBe('Nothing to compact: no chat yet.')
    expect(chat.fx.server.requests).toHaveLength(0)
  })
})

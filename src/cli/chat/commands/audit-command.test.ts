import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/audit', () => {
  it("shows this chat's calls with their decisions and outcomes, fitted to the width", async () => {
    const chat = await chatHarness(
      [{ calls: [{ id: 'c1', name: 'calculator_evaluate', args: '{"expression":"6*7"}' }] }, { text: 'It is 42.' }],
      { width: 60 },
    )
    await chat.send('What is 6*7?')
    await chat.slash('/audit')
    const text = chat.last()
    expect(text).toContain(`run ${chat.session.runId}`)
    expect(text).toMatch(/1\. calculator_evaluate → builtin:calculator\.evaluate/)
    expect(text).toMatch(/decision\s+allowed by mode/)
    expect(text).toMatch(/outcome\s+succeeded/)
    expect(text).toContain('1 call: 1 succeeded')
    for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(60)
  })

  it('says when there is no chat yet', async () => {
    const chat = await chatHarness([])
    await chat.slash('/audit')
    expect(chat.last()).toBe('Nothing to audit: no chat yet.')
  })
})

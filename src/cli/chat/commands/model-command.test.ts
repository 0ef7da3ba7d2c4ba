import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/model', () => {
  it('shows the model', async () => {
    const chat = await chatHarness([])
    await chat.slash('/model')
    expect(chat.last()).toBe('model: openai-chat:gpt-4o-scripted')
  })

  it('sets the model for the next messages', async () => {
    const chat = await chatHarness([{ text: 'Hi.' }])
    await chat.slash('/model openai-chat:gpt-4o-other')
    expect(chat.session.model).toBe('openai-chat:gpt-4o-other')
    expect(chat.state().status.model).toBe('openai-chat:gpt-4o-other')
    await chat.send('Hello.')
    expect(chat.fx.server.requests[0]?.body.model).toBe('gpt-4o-other')
  })

  it('refuses an unknown provider with the reason, and keeps the model', async () => {
    const chat = await chatHarness([])
    await chat.slash('/model nosuch:model')
    expect(chat.notices().at(-1)).toMatchObject({ tone: 'error', text: expect.stringMatching(/^\/model: .*nosuch/) })
    expect(chat.session.model).toBe('openai-chat:gpt-4o-scripted')
  })

  it('refuses more than one word', async () => {
    const chat = await chatHarness([])
    await chat.slash('/model a b')
    expect(chat.notices().at(-1)?.tone).toBe('warning')
  })
})

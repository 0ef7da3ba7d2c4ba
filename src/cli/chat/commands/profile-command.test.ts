import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/profile', () => {
  it('shows the profile and where it comes from', async () => {
    const chat = await chatHarness([])
    await chat.slash('/profile')
    expect(chat.last()).toBe('profile: default (built in)')
  })

  it('picks a stored profile for a new chat, keeping the old one resumable', async () => {
    const chat = await chatHarness([{ text: 'One.' }, { text: 'Two.' }], {
      profiles: { reviewer: { permissions: { mode: 'plan' } } },
    })
    const first = await chat.send('Hi.')
    await chat.slash('/profile reviewer')
    expect(chat.last()).toBe(
      `profile: reviewer; the next message starts a new chat with it (this one stays resumable: /resume ${first?.runId})`,
    )
    expect(chat.session.profile).toBe('reviewer')
    expect(chat.session.runId).toBeUndefined()
    const second = await chat.send('Hello.')
    expect(second?.runId).not.toBe(first?.runId)
    expect(chat.fx.host.store().getRun(second?.runId ?? '')?.profileId).toBe('reviewer')
  })

  it('refuses a profile that does not exist, and keeps the chat', async () => {
    const chat = await chatHarness([{ text: 'One.' }])
    const first = await chat.send('Hi.')
    await chat.slash('/profile nosuch')
    expect(chat.notices().at(-1)).toMatchObject({ tone: 'error', text: expect.stringContaining('no profile "nosuch"') })
    expect(chat.session.profile).toBeUndefined()
    expect(chat.session.runId).toBe(first?.runId)
  })
})

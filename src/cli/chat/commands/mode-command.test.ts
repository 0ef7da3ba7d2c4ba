import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/mode', () => {
  it("shows the profile's mode until one is chosen", async () => {
    const chat = await chatHarness([])
    await chat.slash('/mode')
    expect(chat.last()).toMatch(/^mode: default \(the profile's\); one of default, acceptEdits, plan, dontAsk, bypass$/)
  })

  it('sets the mode for the calls from then on', async () => {
    const chat = await chatHarness([
      { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }] },
      { text: 'Written.' },
    ])
    await chat.slash('/mode acceptEdits')
    expect(chat.session.mode).toBe('acceptEdits')
    expect(chat.state().status.mode).toBe('acceptEdits')
    // acceptEdits lets the edit run without a question.
    const result = await chat.send('Write a.txt.')
    expect(result).toMatchObject({ status: 'completed', text: 'Written.' })
    await chat.slash('/mode')
    expect(chat.last()).toMatch(/^mode: acceptEdits;/)
  })

  it('refuses a mode that does not exist, listing the modes', async () => {
    const chat = await chatHarness([])
    await chat.slash('/mode yolo')
    expect(chat.notices().at(-1)).toEqual({
      tone: 'warning',
      text: 'No mode "yolo": use one of default, acceptEdits, plan, dontAsk, bypass.',
    })
    expect(chat.session.mode).toBeUndefined()
  })
})

describe('commands while a message is answered', () => {
  it('refuses /mode until the answer is done, and lets /cost run', async () => {
    const chat = await chatHarness([{ hang: true }])
    const sending = chat.send('Hello.')
    expect(chat.session.busy).toBe(true)
    await chat.slash('/mode plan')
    expect(chat.notices().at(-1)).toEqual({
      tone: 'warning',
      text: '/mode waits until the answer is done (Ctrl-C stops it).',
    })
    expect(chat.session.mode).toBeUndefined()
    await chat.slash('/cost')
    expect(chat.last()).toBe('No tokens yet: no model turn in this chat.')
    chat.session.cancel()
    await sending
  })
})

import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/help', () => {
  it('lists every command with its usage, and the keys', async () => {
    const chat = await chatHarness([])
    await chat.slash('/help')
    const text = chat.last()
    for (const command of chat.ctx.commands) expect(text).toContain(command.usage)
    expect(text).toContain('/permissions explain <alias> <json>')
    for (const key of ['Enter', 'Shift-Enter', 'Ctrl-C', 'Ctrl-O', '@path', '//text', 'Esc', '↑'])
      expect(text).toContain(key)
  })

  it('says an unknown command is unknown, with the near names', async () => {
    const chat = await chatHarness([])
    await chat.slash('/mo')
    expect(chat.notices().at(-1)).toMatchObject({ tone: 'warning', text: expect.stringContaining('/mode, /model') })
  })
})

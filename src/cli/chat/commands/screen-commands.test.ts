import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/expand, /exit and /quit', () => {
  it('/expand shows the last long output in full', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `echo line${i}`).join('; ')
    const chat = await chatHarness(
      [{ calls: [{ id: 'c1', name: 'workspace_shell', args: JSON.stringify({ command: lines }) }] }, { text: 'Done.' }],
      { mode: 'bypass' },
    )
    await chat.send('Print.')
    const tool = chat.state().settled.find((item) => item.kind === 'tool')
    expect(tool?.kind === 'tool' && tool.result?.content).toContain('line19')
    await chat.slash('/expand')
    expect(chat.state().settled.at(-1)).toMatchObject({ kind: 'expanded', text: expect.stringContaining('line19') })
  })

  it('/expand says when there is nothing to expand', async () => {
    const chat = await chatHarness([])
    await chat.slash('/expand')
    expect(chat.last()).toMatch(/^nothing to expand/)
  })

  it('/exit and /quit end the chat', async () => {
    const chat = await chatHarness([])
    await chat.slash('/exit')
    await chat.slash('/quit')
    expect(chat.exits).toBe(2)
  })
})

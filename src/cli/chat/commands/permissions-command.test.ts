import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/permissions explain', () => {
  it("explains a call with the chat's profile and mode", async () => {
    const chat = await chatHarness([], {
      profiles: { team: { permissions: { allow: ['builtin:workspace.shell(git status)'] } } },
      profile: 'team',
    })
    await chat.slash('/permissions explain workspace_shell {"command":"git status"}')
    expect(chat.last()).toMatch(/^ALLOW: .*\nrule: builtin:workspace.shell\(git status\)\n {2}- /)
    await chat.slash('/permissions explain workspace_shell {"command":"git push"}')
    expect(chat.last()).toMatch(/^ASK: /)
    await chat.slash('/mode dontAsk')
    await chat.slash('/permissions explain workspace_shell {"command":"git push"}')
    expect(chat.last()).toMatch(/^DENY: /)
  })

  it('says how to type it when the JSON is bad or missing parts', async () => {
    const chat = await chatHarness([])
    await chat.slash('/permissions explain workspace_shell {command:ls}')
    expect(chat.notices().at(-1)).toEqual({
      tone: 'warning',
      text: 'The arguments are not JSON: type them as one object after the tool, e.g. /permissions explain workspace_shell {"path":"a.txt"}',
    })
    await chat.slash('/permissions')
    expect(chat.notices().at(-1)).toMatchObject({
      tone: 'warning',
      text: expect.stringContaining('/permissions explain <alias> <json>'),
    })
  })

  it('refuses a tool it does not know, and arguments that do not fit', async () => {
    const chat = await chatHarness([])
    await chat.slash('/permissions explain no_such_tool {}')
    expect(chat.notices().at(-1)).toMatchObject({
      tone: 'warning',
      text: expect.stringContaining('No tool "no_such_tool"'),
    })
    await chat.slash('/permissions explain workspace_shell {"command":3}')
    expect(chat.notices().at(-1)).toMatchObject({ tone: 'warning', text: expect.stringContaining('do not fit') })
  })
})

import { describe, expect, it } from 'vitest'
import { writeProfiles } from '../../../../test/agent/agent-fixture.js'
import { defaultProfile } from '../../../profile/default-profile.js'
import { chatHarness } from './__fixtures__/chat-harness.js'
import { toolPermission } from './tools-command.js'

/** The row of a tool in `/tools`'s table, split into its columns. */
function row(text: string, alias: string): string[] | undefined {
  return text
    .split('\n')
    .find((line) => line.startsWith(`${alias} `))
    ?.split(/\s{2,}/)
}

describe('/tools', () => {
  it("lists the chat's tools with what the rules and mode decide for each", async () => {
    const chat = await chatHarness([], {
      profiles: {
        team: {
          permissions: { allow: ['builtin:workspace.shell(git status)'], deny: ['builtin:web.fetch'] },
          tools: { deferred: ['builtin:dice.*'] },
        },
      },
      profile: 'team',
    })
    await chat.slash('/tools')
    const text = chat.last()
    expect(text.split('\n')[0]).toMatch(/ · profile team · default mode · scope session · openai-chat$/)
    expect(row(text, 'workspace_read_file')).toEqual(['workspace_read_file', 'builtin:workspace.read_file', 'allow'])
    expect(row(text, 'workspace_shell')).toEqual(['workspace_shell', 'builtin:workspace.shell', 'ask*'])
    expect(row(text, 'web_fetch')?.[2]).toBe('deny')
    expect(row(text, 'dice_roll')?.[2]).toBe('allow')
    expect(row(text, 'dice_roll')?.[3]).toBe('[deferred]')
    expect(text).toContain('/permissions explain <alias> <json>')
  })

  it('follows the mode chosen in the chat', async () => {
    const chat = await chatHarness([])
    await chat.slash('/mode plan')
    await chat.slash('/tools')
    expect(row(chat.last(), 'workspace_shell')?.[2]).toBe('deny')
    await chat.slash('/mode bypass')
    await chat.slash('/tools')
    expect(row(chat.last(), 'workspace_shell')?.[2]).toBe('allow')
  })

  it("shows the run's own snapshot once the chat has one", async () => {
    const chat = await chatHarness([{ text: 'Hi.' }], { profiles: { team: {} }, profile: 'team' })
    await chat.slash('/tools')
    expect(row(chat.last(), 'calculator_evaluate')).toBeDefined()
    await chat.send('Hello.')
    // The profile changes after the run began: the run keeps the tools it started with.
    writeProfiles(chat.fx.dataDir, { team: { tools: { deny: ['builtin:calculator.*'] } } })
    await chat.slash('/tools')
    expect(row(chat.last(), 'calculator_evaluate')?.[1]).toBe('builtin:calculator.evaluate')
    await chat.slash('/clear')
    await chat.slash('/tools')
    expect(row(chat.last(), 'calculator_evaluate')).toBeUndefined()
  })

  it('refuses a profile that cannot be read', async () => {
    const chat = await chatHarness([], { profile: 'nosuch' })
    await chat.slash('/tools')
    expect(chat.notices().at(-1)).toMatchObject({ tone: 'error', text: expect.stringContaining('no profile "nosuch"') })
  })
})

describe('toolPermission', () => {
  const profile = defaultProfile
  const shell = { toolId: 'builtin:workspace.shell', annotations: {} }
  const mcp = { toolId: 'mcp/files:read', annotations: { readOnly: true } }

  it('decides by the rules and the mode', () => {
    expect(toolPermission(shell, profile, 'default')).toEqual({ behavior: 'ask', some: false })
    expect(toolPermission(shell, profile, 'bypass').behavior).toBe('allow')
    expect(toolPermission(mcp, profile, 'plan').behavior).toBe('allow')
  })

  it("counts a person's Allow as an allow rule, and their Ask or Off as stricter", () => {
    expect(toolPermission(shell, profile, 'dontAsk', 'allow').behavior).toBe('allow')
    expect(toolPermission(mcp, profile, 'default', 'ask').behavior).toBe('ask')
    expect(toolPermission(mcp, profile, 'bypass', 'off').behavior).toBe('deny')
    const denying = { ...profile, permissions: { ...profile.permissions, deny: ['mcp/files:*'] } }
    expect(toolPermission(mcp, denying, 'default', 'allow').behavior).toBe('deny')
  })
})

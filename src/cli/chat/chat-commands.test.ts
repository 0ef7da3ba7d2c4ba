import { describe, expect, it } from 'vitest'
import { chatCommands } from './chat-commands.js'

describe('chatCommands', () => {
  it('has one command per name, each typed as its usage says', () => {
    const names = chatCommands.map((command) => command.name)
    expect(new Set(names).size).toBe(names.length)
    for (const command of chatCommands) expect(command.usage.startsWith(`/${command.name}`)).toBe(true)
    expect(chatCommands.map((command) => command.usage)).toEqual([
      '/help',
      '/tools',
      '/mode [default|acceptEdits|plan|dontAsk|bypass]',
      '/model [provider:model]',
      '/profile [id|file]',
      '/approvals',
      '/permissions explain <alias> <json>',
      '/compact',
      '/resume [runId]',
      '/clear',
      '/cost',
      '/audit',
      '/expand',
      '/exit',
      '/quit',
    ])
  })

  it('lets only the commands that change nothing of the run run while it answers', () => {
    const whileBusy = chatCommands.filter((command) => command.whileBusy === true).map((command) => command.name)
    expect(whileBusy.sort()).toEqual([
      'approvals',
      'audit',
      'cost',
      'exit',
      'expand',
      'help',
      'permissions',
      'quit',
      'tools',
    ])
  })
})

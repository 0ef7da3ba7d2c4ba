import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverScript } from '../../src/mcp/client/__fixtures__/mcp-fixtures.js'
import { cliInProcess } from '../cli/cli-in-process.js'
import { chatTerminal } from './chat-terminal.js'

const alias = 'mcp__ev__trigger-long-running-operation'

/** Registers the MCP reference server in the data directory, its long operation allowed, and a profile that offers it. */
async function withLongOperation(dataDir: string): Promise<string> {
  const cli = (...argv: string[]) => cliInProcess([...argv, '--data-dir', dataDir])
  const server = serverScript('@modelcontextprotocol/server-everything')
  expect((await cliInProcess(['mcp', 'add', 'ev', '--data-dir', dataDir, '--', process.execPath, server])).code).toBe(0)
  expect((await cli('mcp', 'discover', 'ev')).code).toBe(0)
  expect((await cli('mcp', 'allow', 'ev', 'trigger-long-running-operation')).code).toBe(0)
  const profile = join(dataDir, 'mcp.json')
  writeFileSync(profile, JSON.stringify({ schemaVersion: 2, id: 'mcp', tools: { allow: ['mcp/*'] } }))
  return profile
}

describe('a running tool in toolhost chat', () => {
  it('shows its progress with the time it has run, stops on Ctrl-C, and the chat resumes later', async () => {
    let profile = ''
    const chat = await chatTerminal(
      [
        { calls: [{ id: 'call_long', name: alias, args: JSON.stringify({ duration: 600, steps: 600 }) }] },
        { text: 'Picked up where we left off.' },
      ],
      {
        setup: async ({ dataDir }) => {
          profile = await withLongOperation(dataDir)
        },
        args: [],
        env: {},
      },
    )
    let t = await chat.restart(['--profile', profile, '--mode', 'bypass'])
    await t.waitFor(/ready/)
    await t.type('run the long operation')
    await t.press('Enter')
    // Progress as the tool reports it, with the time since the call began.
    let screen = await t.waitFor(/· \d+(\.\d)? s · Progress [1-9]\d*\/600/)
    expect(screen).toMatch(/running tools/)
    await t.press('C-c')
    screen = await t.waitFor(/cancelled; send a message to go on/)
    expect(screen).toMatch(/✗ .*trigger-long-running-operation/)
    await t.waitFor(/ready/)
    // A second Ctrl-C exits; one long after the first only says so, and the next one exits.
    await t.press('C-c')
    screen = await t.waitFor(/\[exited 0\]|Press Ctrl-C again to exit/)
    if (!screen.includes('[exited 0]')) {
      await t.press('C-c')
      screen = await t.waitFor(/\[exited 0\]/)
    }
    const runId = /go on with "toolhost chat --resume (run_\w+)"/.exec(screen)?.[1]
    expect(runId).toBeDefined()

    t = await chat.restart(['--profile', profile, '--resume', runId!])
    screen = await t.waitFor(/ready/)
    expect(screen).toContain('› run the long operation')
    expect(screen).toMatch(/✗ .*trigger-long-running-operation/)
    await t.type('go on')
    await t.press('Enter')
    await t.waitFor(/Picked up where we left off\./)
    const sent = JSON.stringify(chat.server.requests.at(-1)?.body)
    expect(sent).toContain('run the long operation')
    expect(sent).toContain('call_long')
    expect(sent).toContain('go on')
  })
})

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AgentEvent } from '../../src/agent/loop/agent-events.js'
import { serverScript } from '../../src/mcp/client/__fixtures__/mcp-fixtures.js'
import { ScriptedModelServer } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'
import { cliInProcess } from '../cli/cli-in-process.js'

const cli = cliInProcess

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('toolhost run --json', () => {
  it("prints the progress of a running MCP tool as event lines, between the call's and its result's", async () => {
    const dataDir = tempDir('toolhost-progress-')
    const withData = (...argv: string[]) => cli([...argv, '--data-dir', dataDir])
    const added = await cli([
      'mcp',
      'add',
      'ev',
      '--data-dir',
      dataDir,
      '--',
      process.execPath,
      serverScript('@modelcontextprotocol/server-everything'),
    ])
    expect(added.code).toBe(0)
    expect((await withData('mcp', 'discover', 'ev')).code).toBe(0)
    expect((await withData('mcp', 'allow', 'ev', 'trigger-long-running-operation')).code).toBe(0)
    const profile = join(dataDir, 'mcp.json')
    writeFileSync(
      profile,
      JSON.stringify({ schemaVersion: 2, id: 'mcp', tools: { allow: ['mcp/*'] }, permissions: { mode: 'bypass' } }),
    )
    const tools = await withData('tools', 'list', '--profile', profile)
    const alias = /\bmcp__ev__trigger\S*/.exec(tools.out)?.[0]
    expect(alias).toBeDefined()
    const server = await ScriptedModelServer.start('openai-chat', [
      { calls: [{ id: 'call_l', name: alias!, args: JSON.stringify({ duration: 2, steps: 4 }) }] },
      { text: 'It ran.' },
    ])
    vi.stubEnv('OPENAI_API_KEY', 'test-key')
    try {
      const run = await withData(
        'run',
        'Run the long operation.',
        '--model',
        'openai-chat:gpt-4o',
        '--base-url',
        server.baseUrl,
        '--profile',
        profile,
        '--json',
      )
      expect(run.code).toBe(0)
      const events = run.out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as AgentEvent)
      const kinds = events.flatMap((event) =>
        event.type === 'tool-call' || event.type === 'tool-progress' || event.type === 'tool-result'
          ? [event.type]
          : [],
      )
      // Progress comes between the call and its result. How many reports arrive before the result
      // depends on the machine's speed (the server sends them as it goes), so not their number.
      expect(kinds[0]).toBe('tool-call')
      expect(kinds.at(-1)).toBe('tool-result')
      expect(kinds.slice(1, -1).every((kind) => kind === 'tool-progress')).toBe(true)
      const progress = events.filter((event) => event.type === 'tool-progress')
      expect(progress.length).toBeGreaterThanOrEqual(1)
      for (const [i, event] of progress.entries()) {
        expect([event.callId, event.alias, event.total]).toEqual(['call_l', alias, 4])
        expect(event.progress).toBeGreaterThan(i === 0 ? 0 : (progress[i - 1]?.progress ?? 0))
      }
      expect(progress.every((event) => event.agentId === 'mcp' && typeof event.elapsedMs === 'number')).toBe(true)
    } finally {
      await server.close()
    }
  })
})

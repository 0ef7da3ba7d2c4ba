import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it } from 'vitest'

// The real binary, built from the sources before the tests (test/build-dist.ts), as a person runs it.
const root = join(import.meta.dirname, '..')
const bin = join(root, 'bin', 'toolhost.js')
const cwd = mkdtempSync(join(tmpdir(), 'toolhost-bin-'))
const toolhost = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', input: '' })

describe('toolhost binary', () => {
  it('rolls dice', () => {
    const { status, stdout } = toolhost('tools', 'call', 'builtin:dice.roll', '{"formula":"4d6kh3"}', '--json')
    expect(status).toBe(0)
    const result = JSON.parse(stdout) as { structured: { total: number } }
    expect(result.structured.total).toBeGreaterThanOrEqual(3)
    expect(result.structured.total).toBeLessThanOrEqual(18)
  })

  it('evaluates an expression', () => {
    const { status, stdout } = toolhost('tools', 'call', 'calculator_evaluate', '{"expression":"12 * (3 + 4)"}')
    expect(status).toBe(0)
    expect(stdout.trim()).toContain('84')
  })

  it("prints a command's own help from the built text files", () => {
    const { status, stdout } = toolhost('tools', 'call', '--help')
    expect(status).toBe(0)
    expect(stdout).toContain('need no earlier read')
    expect(stdout).toContain('--data-dir DIR')
    expect(stdout).not.toContain('toolhost mcp add')
  })

  it('exits 1 on an error result and 2 on a usage error', () => {
    expect(toolhost('tools', 'call', 'calculator_evaluate', '{"expression":"import(\\"x\\")"}').status).toBe(1)
    expect(toolhost('nonsense').status).toBe(2)
  })

  it('pauses on approval and continues the call from another process', () => {
    writeFileSync(
      join(cwd, 'ask.json'),
      JSON.stringify({ schemaVersion: 1, id: 'ask', permissions: { ask: ['builtin:dice.roll'] } }),
    )
    const paused = toolhost('tools', 'call', 'dice.roll', '{"formula":"2d1"}', '--profile', 'ask.json')
    expect(paused.status).toBe(3)
    const id = /waiting for approval (apr_[0-9a-f]+)/.exec(paused.stderr)?.[1] ?? ''
    expect(id).not.toBe('')
    const listed = JSON.parse(toolhost('approvals', 'list', '--json').stdout) as { id: string; input: unknown }[]
    expect(listed.find((r) => r.id === id)?.input).toEqual({ formula: '2d1' })
    const approved = toolhost('approvals', 'approve', id)
    expect(approved.status).toBe(0)
    expect(approved.stdout).toContain('2d1 = 2')
    expect(toolhost('approvals', 'approve', id).status).not.toBe(0)
    expect(toolhost('approvals', 'list').stdout).toContain('No pending approval requests.')
    // Five processes one after another: a busy machine takes longer than the default limit.
  }, 120_000)

  it('explains a permission decision', () => {
    const { status, stdout } = toolhost(
      'permissions',
      'explain',
      'dice.roll',
      '{"formula":"d6"}',
      '--profile',
      'ask.json',
    )
    expect(status).toBe(0)
    expect(stdout).toMatch(/^ASK: /)
    expect(stdout).toContain('builtin:dice.roll')
  })

  it('serves its tools over MCP on stdio', async () => {
    const client = new Client({ name: 'bin-test', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp', 'serve', '--stdio', '--data-dir', join(cwd, '.mcp-data')],
        cwd,
        stderr: 'ignore',
      }),
    )
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toEqual(
        expect.arrayContaining(['dice_roll', 'calculator_evaluate', 'workspace_read_file']),
      )
      const result = await client.callTool({ name: 'calculator_evaluate', arguments: { expression: '6 * 7' } })
      expect(result.content).toEqual([{ type: 'text', text: '6 * 7 = 42' }])
    } finally {
      await client.close()
    }
  })
})

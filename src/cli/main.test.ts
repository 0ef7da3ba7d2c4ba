import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CliIo } from './cli-io.js'
import { main } from './main.js'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolhost-cli-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

async function run(...argv: string[]) {
  let out = ''
  let err = ''
  const io: CliIo = {
    out: (t) => (out += `${t}\n`),
    err: (t) => (err += `${t}\n`),
    readStdin: async () => '{"formula":"3d1"}',
  }
  const code = await main(argv[0]?.startsWith('-') ? argv : [...argv, '--data-dir', dir], io)
  return { code, out, err }
}

describe('toolhost CLI', () => {
  it('prints help and the version', async () => {
    expect((await run('--help')).out).toContain('toolhost tools call <toolId|alias|name>')
    expect((await run('--version')).out.trim()).toMatch(/^\d+\.\d+\.\d+$/)
  })

  it('lists the tools of the default profile', async () => {
    const { code, out } = await run('tools', 'list')
    expect(code).toBe(0)
    expect(out).toMatch(/^ALIAS\s+ID\s+DESCRIPTION/)
    expect(out).toMatch(/calculator_evaluate\s+builtin:calculator\.evaluate/)
    expect(out).toMatch(/dice_roll\s+builtin:dice\.roll/)
  })

  it('lists as JSON with schemas', async () => {
    const { out } = await run('tools', 'list', '--json', '--scope', 'chat')
    const listed = JSON.parse(out) as {
      scope: string
      tools: { id: string; alias: string; inputSchema: { type: string } }[]
    }
    expect(listed.scope).toBe('chat')
    expect(listed.tools.map((t) => t.alias)).toEqual(
      expect.arrayContaining(['calculator_evaluate', 'dice_roll', 'workspace_read_file', 'web_fetch']),
    )
    expect(listed.tools[0]?.inputSchema.type).toBe('object')
  })

  it('calls dice.roll by id and by alias', async () => {
    const byName = await run('tools', 'call', 'dice.roll', '{"formula":"2d1+3"}')
    expect(byName).toMatchObject({ code: 0 })
    const full = await run('tools', 'call', 'builtin:dice.roll', '{"formula":"2d1+3"}', '--json')
    expect(full.code).toBe(0)
    expect(JSON.parse(full.out)).toMatchObject({
      callId: 'cli_1',
      toolId: 'builtin:dice.roll',
      isError: false,
      structured: { total: 5 },
    })
    const byAlias = await run('tools', 'call', 'dice_roll', '-')
    expect(byAlias.code).toBe(0)
    expect(byAlias.out).toContain('3')
  })

  it('calls calculator.evaluate', async () => {
    const { code, out } = await run('tools', 'call', 'calculator_evaluate', '{"expression":"2^10 + sqrt(16)"}')
    expect(code).toBe(0)
    expect(out.trim()).toContain('1028')
  })

  it('exits 1 with the model-facing error for an error result', async () => {
    const bad = await run('tools', 'call', 'dice_roll', '{"formula":')
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('tool.invalid_arguments: Invalid arguments for dice_roll')
    const unknown = await run('tools', 'call', 'dice_rol')
    expect(unknown.code).toBe(1)
    expect(unknown.err).toContain('Did you mean "dice_roll"?')
  })

  it('exits 2 on usage errors', async () => {
    expect((await run('tools', 'call')).code).toBe(2)
    expect((await run('tools', 'frob')).code).toBe(2)
    expect((await run('tools', 'list', '--scope', 'web')).err).toContain('--scope must be one of chat, session')
    expect((await run('snapshot')).err).toContain('--protocol is required')
    expect((await run('tools', 'list', '--bogus')).code).toBe(2)
    expect((await run('tools', 'call', 'dice_roll', '{}', 'extra')).code).toBe(2)
  })

  it('reads a profile file and reports its problems', async () => {
    const good = join(dir, 'dice-only.yaml')
    await writeFile(good, 'schemaVersion: 1\nid: dice-only\ntools:\n  allow: ["builtin:dice.*"]\n')
    const listed = await run('tools', 'list', '--profile', good)
    expect(listed.out).not.toContain('calculator')
    const denied = await run('tools', 'call', 'calculator_evaluate', '{"expression":"1"}', '--profile', good)
    expect(denied).toMatchObject({ code: 1 })
    expect(denied.err).toContain('Available tools: dice_roll')
    const bad = join(dir, 'bad.json')
    await writeFile(bad, JSON.stringify({ schemaVersion: 1, id: 'bad', tools: { maxRounds: 0 } }))
    const failed = await run('tools', 'list', '--profile', bad)
    expect(failed.code).toBe(2)
    expect(failed.err).toContain('tools.maxRounds')
    expect((await run('tools', 'list', '--profile', 'missing-id')).err).toContain('no profile "missing-id"')
  })

  it('marks deferred tools and calls them through tools_call', async () => {
    const profile = join(dir, 'deferred.yaml')
    await writeFile(profile, 'schemaVersion: 1\nid: deferred\ntools:\n  deferred: ["builtin:dice.*"]\n')
    const listed = await run('tools', 'list', '--profile', profile)
    expect(listed.out).toMatch(/dice_roll\s+builtin:dice\.roll\s+\[deferred\] /)
    expect(listed.out).toMatch(/tools_search\s+builtin:tools\.search/)
    expect(listed.err).toContain('note: 1 tool deferred: not sent to the model')
    const json = JSON.parse((await run('tools', 'list', '--profile', profile, '--json')).out) as {
      tools: { alias: string; deferred?: boolean }[]
    }
    expect(json.tools.filter((t) => t.deferred === true).map((t) => t.alias)).toEqual(['dice_roll'])
    const called = await run('tools', 'call', 'dice.roll', '{"formula":"2d1"}', '--profile', profile, '--json')
    expect(JSON.parse(called.out)).toMatchObject({
      callId: 'cli_1',
      toolId: 'builtin:dice.roll',
      isError: false,
      structured: { total: 2 },
    })
    expect((await run('snapshot', '--protocol', 'anthropic', '--profile', profile)).out).toContain(
      'dice_roll  (builtin:dice.roll)  deferred',
    )
  })

  it('prints a snapshot per protocol', async () => {
    const { code, out } = await run('snapshot', '--protocol', 'gemini', '--json')
    expect(code).toBe(0)
    const snapshot = JSON.parse(out) as { protocol: string; bindings: { alias: string }[] }
    expect(snapshot.protocol).toBe('gemini')
    expect(snapshot.bindings.map((b) => b.alias)).toEqual(
      expect.arrayContaining(['calculator_evaluate', 'dice_roll', 'workspace_apply_patch']),
    )
    expect((await run('snapshot', '--protocol', 'anthropic')).out).toContain('dice_roll  (builtin:dice.roll)')
  })
})

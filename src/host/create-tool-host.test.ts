import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineTool } from '../tool/define-tool.js'
import { ToolError } from '../core/tool-error.js'
import { createToolHost, type ToolHost } from './create-tool-host.js'

let dataDir: string
let host: ToolHost
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'toolhost-host-'))
  host = await createToolHost({ dataDir })
})
afterAll(async () => {
  await host.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('builtins through executeTurn', () => {
  it('rolls dice from string-encoded and object arguments alike', async () => {
    const inv = await host.createInvocation({ scope: 'chat', protocol: 'anthropic' })
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'dice_roll', arguments: '{"formula":"3d1+2"}' },
        { callId: 'b', name: 'dice_roll', arguments: { formula: '3d1+2' } },
      ],
    })
    for (const result of results) {
      expect(result).toMatchObject({ toolId: 'builtin:dice.roll', isError: false, structured: { total: 5 } })
    }
    expect(results[0]?.content).toBe(results[1]?.content)
  })

  it('reports a bad dice formula as a recoverable error', async () => {
    const inv = await host.createInvocation({ scope: 'session', protocol: 'gemini' })
    const [result] = await inv.executeTurn({
      calls: [{ callId: 'a', name: 'dice_roll', arguments: { formula: '2x6' } }],
    })
    expect(result).toMatchObject({ isError: true, errorCode: 'dice.invalid_formula' })
  })

  it('evaluates expressions and refuses code', async () => {
    const inv = await host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    const [sum, escape] = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'calculator_evaluate', arguments: '{"expression":"(1 + 2) * 3"}' },
        { callId: 'b', name: 'calculator_evaluate', arguments: { expression: 'cos.constructor("return process")()' } },
      ],
    })
    expect(sum).toMatchObject({ isError: false, content: '(1 + 2) * 3 = 9', structured: { result: '9' } })
    expect(escape).toMatchObject({ isError: true, errorCode: 'calculator.invalid_expression' })
  })
})

describe('profiles', () => {
  it('resolves a stored profile by id', async () => {
    await mkdir(join(dataDir, 'profiles'), { recursive: true })
    await writeFile(
      join(dataDir, 'profiles', 'dice.yaml'),
      'schemaVersion: 1\nid: dice\ntools:\n  allow: ["builtin:dice.roll"]\n',
    )
    const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic', profile: 'dice' })
    expect(inv.profile.id).toBe('dice')
    expect(inv.snapshot.bindings.map((b) => b.alias)).toEqual(['dice_roll'])
  })

  it('takes TOOLHOST_HOME as the default data directory', async () => {
    const saved = process.env.TOOLHOST_HOME
    process.env.TOOLHOST_HOME = dataDir
    try {
      const other = await createToolHost()
      expect(other.dataDir).toBe(dataDir)
      await other.close()
    } finally {
      if (saved === undefined) delete process.env.TOOLHOST_HOME
      else process.env.TOOLHOST_HOME = saved
    }
  })
})

describe('the README example', () => {
  it('defines a tool and executes a turn', async () => {
    const greet = defineTool({
      name: 'text.greet',
      description: 'Greet someone by name.',
      inputSchema: z.object({ name: z.string().describe('Who to greet') }),
      annotations: { readOnly: true },
      call: async ({ name }) => {
        if (name.trim() === '') throw new ToolError('greet.empty_name', 'Give a non-empty name.')
        return { content: `Hello, ${name}!`, structured: { name } }
      },
    })
    const own = await createToolHost({ tools: [greet], dataDir })
    const inv = await own.createInvocation({ scope: 'session', protocol: 'anthropic' })
    const results = await inv.executeTurn({
      calls: [
        { callId: 'c1', name: 'text_greet', arguments: '{"name":"Ada"}' },
        { callId: 'c2', name: 'dice_roll', arguments: { formula: '2d6+3' } },
        { callId: 'c3', name: 'text_gret', arguments: {} },
        { callId: 'c4', name: 'text_greet', arguments: { name: ' ' } },
      ],
    })
    expect(results.map((r) => [r.callId, r.isError, r.errorCode])).toEqual([
      ['c1', false, undefined],
      ['c2', false, undefined],
      ['c3', true, 'model.unknown_tool_call'],
      ['c4', true, 'greet.empty_name'],
    ])
    expect(results[0]?.content).toBe('Hello, Ada!')
    expect(results[2]?.content).toContain('Did you mean "text_greet"?')
    await own.close()
  })
})

describe('memories across invocations', () => {
  it('shares an owner’s memories between invocations and keeps owners apart', async () => {
    const write = await host.createInvocation({
      scope: 'chat',
      protocol: 'anthropic',
      owner: 'user:ada',
      approver: async () => ({ behavior: 'allow', scope: 'once' }),
    })
    await write.executeTurn({
      calls: [
        { callId: 'w', name: 'memory_write', arguments: { text: 'Ada takes tea without sugar', tags: ['drinks'] } },
      ],
    })
    const same = await host.createInvocation({ scope: 'session', protocol: 'gemini', owner: 'user:ada' })
    const [found] = await same.executeTurn({
      calls: [{ callId: 's', name: 'memory_search', arguments: { query: 'tea' } }],
    })
    expect(found?.content).toContain('Ada takes tea without sugar')
    const other = await host.createInvocation({ scope: 'session', protocol: 'gemini', owner: 'user:bob' })
    const [none] = await other.executeTurn({
      calls: [{ callId: 's', name: 'memory_search', arguments: { query: 'tea' } }],
    })
    expect(none?.content).toBe('No memory matches "tea".')
  })
})

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { testTools } from '../../test/test-tools.js'
import { ToolRuntimeError } from '../execution/run/run-call.js'
import { createToolHost, type InvocationOptions, type ToolHost } from '../host/create-tool-host.js'
import { openStore } from '../store/open-store.js'
import { FatalToolHostError } from '../core/tool-error.js'

const dataDir = tempDir()
let host: ToolHost
beforeEach(async () => {
  host = await createToolHost({ tools: testTools, dataDir })
})
afterEach(() => host.close())

const invocation = (options: Partial<InvocationOptions> = {}) =>
  host.createInvocation({ scope: 'session', protocol: 'openai-chat', ...options })

describe('step 1: snapshot', () => {
  it('runs a turn built on the invocation snapshot', async () => {
    const inv = await invocation()
    const [result] = await inv.executeTurn({
      snapshotId: inv.snapshot.id,
      calls: [{ callId: 'a', name: 'test_echo', arguments: { text: 'hi' } }],
    })
    expect(result).toMatchObject({ callId: 'a', toolId: 'builtin:test.echo', content: 'hi', isError: false })
  })

  it('is fatal for a turn built on another snapshot', async () => {
    const inv = await invocation()
    const turn = inv.executeTurn({
      snapshotId: 'snap_other',
      calls: [{ callId: 'a', name: 'test_echo', arguments: { text: 'hi' } }],
    })
    await expect(turn).rejects.toBeInstanceOf(FatalToolHostError)
    await expect(turn).rejects.toMatchObject({ code: 'tool.turn_snapshot_mismatch' })
  })
})

describe('step 2: alias', () => {
  it('answers an unknown name with the available aliases and a near miss', async () => {
    const inv = await invocation()
    const [result] = await inv.executeTurn({ calls: [{ callId: 'a', name: 'test_ecko', arguments: {} }] })
    expect(result).toMatchObject({ callId: 'a', toolId: null, isError: true, errorCode: 'model.unknown_tool_call' })
    expect(result?.content).toContain('There is no tool named "test_ecko". Did you mean "test_echo"?')
    expect(result?.content).toMatch(/Available tools: calculator_evaluate, dice_roll, .*test_echo/)
  })

  it('does not accept the stable id in place of the alias', async () => {
    const inv = await invocation()
    const [result] = await inv.executeTurn({
      calls: [{ callId: 'a', name: 'builtin:test.echo', arguments: { text: 'x' } }],
    })
    expect(result?.errorCode).toBe('model.unknown_tool_call')
    expect(result?.content).toContain('Did you mean "test_echo"?')
  })

  it('charges unknown calls against the run budget', async () => {
    const inv = await invocation({ profile: { tools: { maxCallsPerRun: 2 } } })
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'nope', arguments: {} },
        { callId: 'b', name: 'nope', arguments: {} },
        { callId: 'c', name: 'test_echo', arguments: { text: 'x' } },
      ],
    })
    expect(results.map((r) => r.errorCode)).toEqual([
      'model.unknown_tool_call',
      'model.unknown_tool_call',
      'agent.tool_budget_exhausted',
    ])
    expect(inv.gateState.callsUsed).toBe(2)
  })
})

describe('step 3: tool choice', () => {
  const call = { callId: 'a', name: 'test_echo', arguments: { text: 'x' } }
  it.each([
    ['none with a call', 'none' as const, [call]],
    ['required without calls', 'required' as const, []],
    ['a specific tool with another', { type: 'tool' as const, alias: 'dice_roll' }, [call]],
    ['a specific tool without calls', { type: 'tool' as const, alias: 'test_echo' }, []],
  ])('is fatal for %s', async (_name, toolChoice, calls) => {
    const inv = await invocation()
    await expect(inv.executeTurn({ toolChoice, calls })).rejects.toMatchObject({ code: 'model.tool_choice_violation' })
  })

  it('runs calls that keep to the choice', async () => {
    const inv = await invocation({ toolChoice: 'required' })
    expect(await inv.executeTurn({ calls: [call] })).toHaveLength(1)
    expect(await inv.executeTurn({ toolChoice: { type: 'tool', alias: 'test_echo' }, calls: [call] })).toHaveLength(1)
    expect(await inv.executeTurn({ toolChoice: 'none', calls: [] })).toEqual([])
    expect(await inv.executeTurn({ toolChoice: 'auto', calls: [] })).toEqual([])
  })

  it('checks the whole turn before any call runs', async () => {
    const inv = await invocation()
    await expect(
      inv.executeTurn({
        toolChoice: { type: 'tool', alias: 'test_echo' },
        calls: [call, { ...call, callId: 'b', name: 'dice_roll' }],
      }),
    ).rejects.toThrow(/dice_roll/)
    expect(inv.gateState.callsUsed).toBe(0)
  })
})

describe('steps 4 and 5: budgets', () => {
  const echo = (id: string) => ({ callId: id, name: 'test_echo', arguments: { text: id } })

  it('has no run budget unless the profile sets one', async () => {
    const inv = await invocation()
    for (let turn = 0; turn < 10; turn++) {
      const results = await inv.executeTurn({ calls: Array.from({ length: 10 }, (_, i) => echo(`t${turn}c${i}`)) })
      expect(results.filter((r) => r.isError)).toEqual([])
    }
    expect(inv.gateState.callsUsed).toBe(100)
  })

  it('reads a stored version-1 profile without its old default limit of 80 calls', async () => {
    const inv = await invocation()
    const old = { ...inv.profile, schemaVersion: 1, tools: { ...inv.profile.tools, maxRounds: 80, maxCallsPerRun: 80 } }
    const store = openStore(dataDir)
    const saved = store.latestCheckpoint(inv.id)?.data as Record<string, unknown>
    store.saveCheckpoint(inv.id, { ...saved, profile: old, gateState: { callsUsed: 80, callsPerTool: {} } })
    store.close()
    const resumed = await host.resumeInvocation(inv.id)
    const [result] = await resumed.executeTurn({ calls: [echo('81st')] })
    expect(result).toMatchObject({ isError: false, content: '81st' })
    expect(resumed.profile.tools.maxCallsPerRun).toBeUndefined()
  })

  it('stops at maxCallsPerRun across turns', async () => {
    const inv = await invocation({ profile: { tools: { maxCallsPerRun: 3 } } })
    await inv.executeTurn({ calls: [echo('a'), echo('b')] })
    const results = await inv.executeTurn({ calls: [echo('c'), echo('d')] })
    expect(results[0]).toMatchObject({ isError: false, content: 'c' })
    expect(results[1]).toMatchObject({ isError: true, errorCode: 'agent.tool_budget_exhausted' })
    expect(results[1]?.content).toBe(
      'The tool call budget of this run is used up (3 calls). Do not call more tools; finish with what you have.',
    )
  })

  it('applies the first matching per-tool budget and names the tool by alias', async () => {
    const inv = await invocation({
      profile: { tools: { maxCallsPerTool: { 'builtin:test.*': 1, 'builtin:test.echo': 5 } } },
    })
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'test_echo', arguments: { text: 'a' } },
        { callId: 'b', name: 'test_echo', arguments: { text: 'b' } },
        { callId: 'c', name: 'dice_roll', arguments: { formula: 'd6' } },
      ],
    })
    expect(results.map((r) => r.isError)).toEqual([false, true, false])
    expect(results[1]?.content).toBe(
      'test_echo may be called at most 1 times in this run and has been. Continue without it.',
    )
    expect(inv.snapshot.bindings.find((b) => b.alias === 'test_echo')?.maxCalls).toBe(1)
  })

  it('reserves the call before checking arguments, and a resumed invocation keeps the counts', async () => {
    const inv = await invocation({ profile: { tools: { maxCallsPerRun: 2 } } })
    await inv.executeTurn({ calls: [{ callId: 'a', name: 'test_echo', arguments: '{broken' }] })
    expect(inv.gateState).toEqual({ callsUsed: 1, callsPerTool: { 'builtin:test.echo': 1 } })
    const resumed = await host.resumeInvocation(inv.id)
    expect(resumed.snapshot).toEqual(inv.snapshot)
    const results = await resumed.executeTurn({
      calls: [
        { callId: 'b', name: 'test_echo', arguments: { text: 'x' } },
        { callId: 'c', name: 'test_echo', arguments: { text: 'y' } },
      ],
    })
    expect(results.map((r) => r.errorCode)).toEqual([undefined, 'agent.tool_budget_exhausted'])
  })
})

describe('step 6: arguments', () => {
  const run = async (args: unknown, name = 'test_echo') => {
    const inv = await invocation()
    const [result] = await inv.executeTurn({ calls: [{ callId: 'a', name, arguments: args }] })
    return result
  }

  it.each([
    ['truncated JSON', '{"text": "hel', 'not valid JSON'],
    ['an array', '[1,2]', 'expected a JSON object, got an array'],
    ['a scalar', 42, 'expected a JSON object, got a number'],
    ['a double-encoded object', JSON.stringify(JSON.stringify({ text: 'x' })), 'got a string'],
  ])('rejects %s before dispatch, echoing the raw text', async (_name, args, reason) => {
    const result = await run(args)
    expect(result).toMatchObject({ isError: true, errorCode: 'tool.invalid_arguments', toolId: 'builtin:test.echo' })
    expect(result?.content).toContain(reason)
    expect(result?.content).toContain(`Received: ${typeof args === 'string' ? args : JSON.stringify(args)}`)
  })

  it('echoes only the first 200 characters of long raw text', async () => {
    const raw = `{"text": "${'x'.repeat(500)}`
    const result = await run(raw)
    expect(result?.content).toContain(`Received: ${raw.slice(0, 200)}…`)
    expect(result?.content).not.toContain(raw.slice(0, 201))
  })

  it('treats every form of "no arguments" as {} and validates that', async () => {
    for (const empty of [undefined, null, '', ' ', 'null', '{}', {}]) {
      const result = await run(empty)
      expect(result?.errorCode).toBe('tool.invalid_arguments')
      expect(result?.content).toContain('- text: ')
    }
    const finish = await run('', 'test_finish')
    expect(finish).toMatchObject({ isError: false, content: 'done' })
  })

  it('names unknown keys with their path and the valid parameters', async () => {
    const result = await run({ text: 'x', colour: 'red', options: { upper: true, shout: 1 } })
    expect(result?.content).toBe(
      [
        'Invalid arguments for test_echo:',
        '- colour: is not a parameter',
        '- options.shout: is not a parameter',
        'Valid parameters: text (required), times, options. Fix the arguments and call test_echo again.',
      ].join('\n'),
    )
  })

  it('says "use X" for a renamed parameter and suggests near misses', async () => {
    expect((await run({ message: 'x' }))?.content).toContain('- message: is not a parameter; use "text"')
    expect((await run({ txet: 'x' }))?.content).toContain('- txet: is not a parameter; did you mean "text"?')
  })

  it('reports schema violations by path', async () => {
    const result = await run({ text: 5, times: 9 })
    expect(result?.content).toMatch(/- text: .*string/)
    expect(result?.content).toMatch(/- times: .*5/)
  })

  it('gives the tool the validated object', async () => {
    expect(await run({ text: 'ab', times: 2, options: { upper: true } })).toMatchObject({
      content: 'AB AB',
      structured: { text: 'ab' },
    })
  })
})

describe('step 7: completion tools last', () => {
  it('refuses a completion call that is not the last of its turn', async () => {
    const inv = await invocation()
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'test_finish', arguments: {} },
        { callId: 'b', name: 'test_echo', arguments: { text: 'x' } },
      ],
    })
    expect(results[0]).toMatchObject({ isError: true, errorCode: 'agent.tool_after_finish' })
    expect(results[0]?.content).toBe(
      'test_finish must be the last call of its turn. Call it again, alone, after reading the results of the other calls.',
    )
    expect(results[1]).toMatchObject({ isError: false, content: 'x' })
  })

  it('runs a completion call that comes last', async () => {
    const inv = await invocation()
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'test_echo', arguments: { text: 'x' } },
        { callId: 'b', name: 'test_finish', arguments: { summary: 'ok' } },
      ],
    })
    expect(results.map((r) => r.content)).toEqual(['x', 'ok'])
  })
})

describe('step 8 seam: permissions', () => {
  it("honours the tool's own deny and asks a person when it asks", async () => {
    const asked: string[] = []
    const inv = await invocation({
      approver: async (request) => (asked.push(request.reason), { behavior: 'deny', message: 'not now' }),
    })
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'test_guarded', arguments: { word: 'secret' } },
        { callId: 'b', name: 'test_guarded', arguments: { word: 'maybe' } },
        { callId: 'c', name: 'test_guarded', arguments: { word: 'fine' } },
      ],
    })
    expect(results[0]).toMatchObject({
      errorCode: 'permission.denied',
      content: 'test_guarded was not run: Secrets are off limits.',
    })
    expect(asked).toEqual(['Unsure about this word.'])
    expect(results[1]).toMatchObject({
      errorCode: 'permission.denied',
      content: 'test_guarded was not run: a person denied it. Their message: not now',
    })
    expect(results[2]).toMatchObject({ isError: false, content: 'fine' })
  })

  it('lets a pre-tool hook deny or replace the input', async () => {
    const hooked = await createToolHost({
      tools: testTools,
      dataDir,
      hooks: {
        preTool: [
          async ({ input }) =>
            input.text === 'no'
              ? { decision: 'deny', reason: 'Rule says no.' }
              : { updatedInput: { text: 'replaced' } },
        ],
      },
    })
    const inv = await hooked.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'test_echo', arguments: { text: 'no' } },
        { callId: 'b', name: 'test_echo', arguments: { text: 'yes' } },
      ],
    })
    expect(results.map((r) => r.content)).toEqual(['test_echo was not run: Rule says no.', 'replaced'])
    await hooked.close()
  })
})

describe('dispatch', () => {
  it('turns ToolError into an error result and other throws into ToolRuntimeError', async () => {
    const inv = await invocation()
    const [result] = await inv.executeTurn({
      calls: [{ callId: 'a', name: 'test_fail', arguments: { how: 'tool-error' } }],
    })
    expect(result).toMatchObject({
      isError: true,
      errorCode: 'test.bad_input',
      content: 'Try again with better input.',
    })
    await expect(
      inv.executeTurn({ calls: [{ callId: 'b', name: 'test_fail', arguments: { how: 'crash' } }] }),
    ).rejects.toBeInstanceOf(ToolRuntimeError)
  })

  it('streams progress from generator tools', async () => {
    const events: unknown[] = []
    const inv = await invocation({ onProgress: (event) => events.push(event) })
    const [result] = await inv.executeTurn({ calls: [{ callId: 'p', name: 'test_progress', arguments: { steps: 3 } }] })
    expect(result?.content).toBe('counted to 3')
    expect(events).toEqual(
      [1, 2, 3].map((i) => ({
        callId: 'p',
        toolId: 'builtin:test.progress',
        message: `step ${i}`,
        progress: i,
        total: 3,
        elapsedMs: expect.any(Number) as number,
      })),
    )
  })

  it('returns results in call order', async () => {
    const inv = await invocation()
    const calls = ['c', 'a', 'b'].map((id) => ({ callId: id, name: 'test_echo', arguments: { text: id } }))
    expect((await inv.executeTurn({ calls })).map((r) => r.callId)).toEqual(['c', 'a', 'b'])
  })
})

describe('strict schemas', () => {
  it('reads the nulls a strict-mode model sends for optional parameters as absent', async () => {
    const inv = await invocation({ protocol: 'openai-responses', profile: { tools: { strictSchemas: true } } })
    const [result] = await inv.executeTurn({
      calls: [{ callId: 'a', name: 'test_echo', arguments: { text: 'x', times: null, options: null } }],
    })
    expect(result).toMatchObject({ isError: false, content: 'x' })
  })
})

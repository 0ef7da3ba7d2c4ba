import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { testTools } from '../../test/test-tools.js'
import { createToolHost, type InvocationOptions, type ToolHost } from '../host/create-tool-host.js'
import type { ApprovalRequest } from '../permissions/approvals/approval-request.js'
import { deferredBindings, offeredBindings } from '../snapshot/snapshot.js'

const dataDir = tempDir()
let host: ToolHost
const calls: Record<string, unknown>[] = []

/** A few extension tools to defer; every call is logged in `calls`. */
function registerTools(h: ToolHost): void {
  const schema = (properties: Record<string, unknown>, required: string[]) => ({
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  })
  const log = (args: Record<string, unknown>) => (calls.push(args), { ok: true, ...args })
  h.extensions.register(
    {
      extensionId: 'github',
      name: 'create_issue',
      description: 'Create a new issue in a GitHub repository.',
      contexts: ['session'],
      inputSchema: schema(
        {
          repo: { type: 'string', description: 'Repository name' },
          title: { type: 'string', description: 'Issue title' },
        },
        ['repo', 'title'],
      ),
    },
    log,
  )
  h.extensions.register(
    {
      extensionId: 'github',
      name: 'list_issues',
      description: 'List the issues of a GitHub repository.',
      contexts: ['session'],
      inputSchema: schema({ repo: { type: 'string' } }, ['repo']),
      annotations: { readOnly: true },
    },
    log,
  )
  h.extensions.register(
    {
      extensionId: 'weather',
      name: 'forecast',
      description: 'Weather forecast for a city for the next days.',
      contexts: ['session'],
      inputSchema: schema({ city: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 14 } }, ['city']),
      annotations: { readOnly: true },
    },
    log,
  )
}

beforeEach(async () => {
  calls.length = 0
  host = await createToolHost({ tools: testTools, dataDir })
  registerTools(host)
})
afterEach(() => host.close())

const deferring = { tools: { allow: ['builtin:*', 'extension/*'], deferred: ['extension/*'] } }
const invocation = (options: Partial<InvocationOptions> = {}) =>
  host.createInvocation({ scope: 'session', protocol: 'openai-responses', profile: deferring, ...options })
const search = (query: string) => ({ callId: 's1', name: 'tools_search', arguments: { query } })

describe('the snapshot of deferred tools', () => {
  it('keeps deferred tools out of the offered list, with their aliases, and adds tools_search and tools_call', async () => {
    const inv = await invocation()
    const plain = await invocation({ profile: { tools: { allow: ['builtin:*', 'extension/*'] } } })
    expect(inv.snapshot.bindings.map((b) => b.alias).slice(0, plain.snapshot.bindings.length)).toEqual(
      plain.snapshot.bindings.map((b) => b.alias),
    )
    expect(deferredBindings(inv.snapshot).map((b) => b.alias)).toEqual(['create_issue', 'list_issues', 'forecast'])
    expect(inv.offered.map((b) => b.alias)).toEqual([
      ...offeredBindings(plain.snapshot)
        .filter((b) => !b.toolId.startsWith('extension/'))
        .map((b) => b.alias),
      'tools_search',
      'tools_call',
    ])
    expect(inv.offered.find((b) => b.alias === 'tools_search')?.description).toMatch(
      /through tools_call\. .* Deferred now: 3 tools, from github \(2 tools\), weather \(1 tool\)\.$/,
    )
    expect(plain.snapshot.bindings.some((b) => b.alias.startsWith('tools_'))).toBe(false)
  })

  it('defers automatically past the share of the context, and only external tools', async () => {
    const small = await invocation({
      profile: { tools: { allow: ['builtin:*', 'extension/*'], deferred: 'auto' } },
      contextTokens: 20_000,
    })
    expect(deferredBindings(small.snapshot).map((b) => b.toolId)).toEqual([
      'extension/github:create_issue',
      'extension/github:list_issues',
      'extension/weather:forecast',
    ])
    expect(small.snapshot.diagnostics.find((d) => d.code === 'snapshot.tools_deferred')?.message).toMatch(
      /^3 tools deferred behind tools_search: the definitions take about [\d,]+ tokens, over 2,000 \(10 % of 20,000\)$/,
    )
    const large = await invocation({
      profile: { tools: { allow: ['builtin:*', 'extension/*'], deferred: 'auto' } },
      contextTokens: 1_000_000,
    })
    expect(deferredBindings(large.snapshot)).toEqual([])
    const threshold = await invocation({
      profile: { tools: { allow: ['builtin:*', 'extension/*'], deferred: 'auto', deferThreshold: 0.9 } },
      contextTokens: 20_000,
    })
    expect(deferredBindings(threshold.snapshot)).toEqual([])
  })

  it('never defers a completion tool', async () => {
    const inv = await invocation({ profile: { tools: { deferred: ['builtin:test.*'] } } })
    expect(deferredBindings(inv.snapshot).map((b) => b.alias)).toEqual([
      'test_echo',
      'test_fail',
      'test_guarded',
      'test_progress',
    ])
  })
})

describe('tools_search', () => {
  it('returns the best matches with their full schemas and makes them callable by alias', async () => {
    const inv = await invocation()
    const [found] = await inv.executeTurn({
      calls: [{ callId: 's1', name: 'tools_search', arguments: { query: 'open a bug report', limit: 2 } }],
    })
    expect(found).toMatchObject({ toolId: 'builtin:tools.search', isError: false })
    expect(found?.content).toContain(
      '1. create_issue\n   Create a new issue in a GitHub repository.\n   parameters: {"type":"object","properties":{"repo"',
    )
    const matches = (found?.structured as { matches: { alias: string; inputSchema: unknown }[] }).matches
    expect(matches.map((m) => m.alias)).toEqual(['create_issue', 'list_issues'])
    expect(matches[0]?.inputSchema).toEqual(inv.snapshot.bindings.find((b) => b.alias === 'create_issue')?.inputSchema)
    expect(inv.gateState.discovered).toEqual(['extension/github:create_issue', 'extension/github:list_issues'])
    expect(inv.discovered.map((b) => b.alias)).toEqual(['create_issue', 'list_issues'])
  })

  it('says so when nothing matches', async () => {
    const inv = await invocation()
    const [found] = await inv.executeTurn({ calls: [search('quantum chromodynamics')] })
    expect(found?.content).toBe(
      'No deferred tool matches "quantum chromodynamics" (3 tools deferred). Search again with other words: what the tool should do, or the service it works with.',
    )
    expect(inv.gateState.discovered).toBeUndefined()
  })
})

describe('calling a deferred tool directly', () => {
  const direct = { callId: 'd1', name: 'forecast', arguments: { city: 'Oslo' } }

  it('is refused before a search returned it, and allowed after', async () => {
    const inv = await invocation()
    const [refused] = await inv.executeTurn({ calls: [direct] })
    expect(refused).toMatchObject({
      isError: true,
      errorCode: 'model.unknown_tool_call',
      toolId: 'extension/weather:forecast',
    })
    expect(refused?.content).toBe(
      'forecast is not in your tool list yet: it is a deferred tool. Find it with tools_search, which returns its parameters; then call it by its name, or through tools_call.',
    )
    await inv.executeTurn({ calls: [search('weather forecast')] })
    const [ran] = await inv.executeTurn({ calls: [direct] })
    expect(ran).toMatchObject({ isError: false, toolId: 'extension/weather:forecast' })
    expect(inv.gateState.callsUsed).toBe(3)
  })

  it('stays allowed after a resume: the discovered set is checkpointed', async () => {
    const inv = await invocation()
    await inv.executeTurn({ calls: [search('weather forecast')] })
    const resumed = await host.resumeInvocation(inv.id)
    expect(resumed.gateState.discovered).toEqual(['extension/weather:forecast'])
    const [ran] = await resumed.executeTurn({ calls: [direct] })
    expect(ran).toMatchObject({ isError: false, content: expect.stringContaining('Oslo') })
  })

  it('lists only the offered tools for an unknown name, and says that more are deferred', async () => {
    const inv = await invocation()
    const [unknown] = await inv.executeTurn({ calls: [{ callId: 'u', name: 'forcast', arguments: {} }] })
    expect(unknown?.content).toMatch(
      /^There is no tool named "forcast"\. Available tools: .*tools_search, tools_call\. 3 more tools deferred \(not listed\): find them with tools_search\.$/,
    )
    expect(unknown?.content).not.toContain('create_issue')
  })
})

describe('tools_call', () => {
  const viaCall = (callId: string, tool: string, args: unknown) => ({
    callId,
    name: 'tools_call',
    arguments: { tool, arguments: args },
  })

  it('runs the named tool, with or without a search, and returns its result under the outer call id', async () => {
    const inv = await invocation({
      profile: { ...deferring, permissions: { allow: ['extension/github:create_issue'] } },
    })
    const [result] = await inv.executeTurn({
      calls: [viaCall('c1', 'create_issue', '{"repo":"toolhost","title":"Crash"}')],
    })
    expect(result).toMatchObject({
      callId: 'c1',
      toolId: 'extension/github:create_issue',
      isError: false,
      structured: { ok: true, repo: 'toolhost', title: 'Crash' },
    })
    expect(calls).toEqual([{ repo: 'toolhost', title: 'Crash' }])
    expect(inv.gateState).toEqual({ callsUsed: 1, callsPerTool: { 'extension/github:create_issue': 1 } })
  })

  it('is audited as the named tool', async () => {
    const inv = await invocation()
    await inv.executeTurn({ calls: [viaCall('c1', 'list_issues', { repo: 'x' })] })
    const events = host.store().events({ invocationId: inv.id, callId: 'c1' })
    expect(events.map((e) => [e.type, e.toolId])).toEqual([
      ['requested', 'extension/github:list_issues'],
      ['admitted', 'extension/github:list_issues'],
      ['scheduled', 'extension/github:list_issues'],
      ['running', 'extension/github:list_issues'],
      ['succeeded', 'extension/github:list_issues'],
    ])
    expect(events[0]?.data).toMatchObject({ alias: 'list_issues', rawArguments: '{"repo":"x"}' })
  })

  it('validates the arguments against the named tool', async () => {
    const inv = await invocation()
    const [result] = await inv.executeTurn({ calls: [viaCall('c1', 'forecast', { city: 'Oslo', days: 40 })] })
    expect(result).toMatchObject({
      toolId: 'extension/weather:forecast',
      isError: true,
      errorCode: 'tool.invalid_arguments',
    })
    expect(result?.content).toContain('Invalid arguments for forecast:\n- days: must be <= 14')
    const [broken] = await inv.executeTurn({ calls: [viaCall('c2', 'forecast', '{"city":')] })
    expect(broken).toMatchObject({ errorCode: 'tool.invalid_arguments', toolId: 'extension/weather:forecast' })
    expect(calls).toEqual([])
  })

  it('refuses its own bad arguments, unknown names and itself', async () => {
    const inv = await invocation()
    const results = await inv.executeTurn({
      calls: [
        { callId: 'a', name: 'tools_call', arguments: { arguments: {} } },
        viaCall('b', 'forcast', {}),
        viaCall('c', 'tools_call', {}),
      ],
    })
    expect(results.map((r) => [r.errorCode, r.toolId])).toEqual([
      ['tool.invalid_arguments', 'builtin:tools.call'],
      ['model.unknown_tool_call', null],
      ['tool.invalid_arguments', 'builtin:tools.call'],
    ])
    expect(results[1]?.content).toBe(
      'There is no deferred tool named "forcast". Did you mean "forecast"? Find tools and their names with tools_search.',
    )
    expect(results[2]?.content).toBe('tools_call calls deferred tools; call tools_call directly instead.')
    expect(inv.gateState.callsUsed).toBe(3)
  })

  it('charges the budgets of the named tool', async () => {
    const inv = await invocation({
      profile: { tools: { ...deferring.tools, maxCallsPerTool: { 'extension/weather:*': 1 }, maxCallsPerRun: 2 } },
    })
    const results = await inv.executeTurn({
      calls: [
        viaCall('a', 'forecast', { city: 'A' }),
        viaCall('b', 'forecast', { city: 'B' }),
        viaCall('c', 'list_issues', { repo: 'r' }),
        viaCall('d', 'list_issues', { repo: 'r' }),
      ],
    })
    expect(results.map((r) => r.errorCode)).toEqual([
      undefined,
      'agent.tool_budget_exhausted',
      undefined,
      'agent.tool_budget_exhausted',
    ])
    expect(results[1]?.content).toBe(
      'forecast may be called at most 1 times in this run and has been. Continue without it.',
    )
    expect(results[3]?.content).toContain('The tool call budget of this run is used up (2 calls).')
  })

  it('applies the permission rules of the named tool: deny, and ask with its id and alias', async () => {
    const asked: ApprovalRequest[] = []
    const profile = {
      ...deferring,
      permissions: { deny: ['extension/weather:forecast'], ask: ['extension/github:list_issues'] },
    }
    const inv = await invocation({
      profile,
      approver: async (request) => (asked.push(request), { behavior: 'deny', message: 'not now' }),
    })
    const [denied, refused, created] = await inv.executeTurn({
      calls: [
        viaCall('a', 'forecast', { city: 'A' }),
        viaCall('b', 'list_issues', { repo: 'r' }),
        viaCall('c', 'create_issue', { repo: 'r', title: 't' }),
      ],
    })
    expect(denied).toMatchObject({ errorCode: 'permission.denied', toolId: 'extension/weather:forecast' })
    expect(denied?.content).toContain('forecast was not run')
    expect(refused).toMatchObject({ errorCode: 'permission.denied', toolId: 'extension/github:list_issues' })
    expect(asked.map((r) => [r.callId, r.toolId, r.alias])).toEqual([
      ['b', 'extension/github:list_issues', 'list_issues'],
      ['c', 'extension/github:create_issue', 'create_issue'],
    ])
    expect(created?.errorCode).toBe('permission.denied')
    expect(calls).toEqual([])
  })

  it('keeps the completion rule of the named tool', async () => {
    const inv = await invocation()
    const results = await inv.executeTurn({
      calls: [viaCall('a', 'test_finish', {}), { callId: 'b', name: 'test_echo', arguments: { text: 'x' } }],
    })
    expect(results.map((r) => r.errorCode)).toEqual(['agent.tool_after_finish', undefined])
  })
})

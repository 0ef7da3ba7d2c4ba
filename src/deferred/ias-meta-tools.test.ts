import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { createToolHost, type InvocationOptions, type ToolHost } from '../host/create-tool-host.js'
import type { ApprovalRequest } from '../permissions/approvals/approval-request.js'
import type { ProfileInput } from '../profile/profile-schema.js'
import { deferredBindings } from '../snapshot/snapshot.js'

// The notes example pack (process/notes:add, process/notes:find) run as real processes, behind
// the iAs meta tools.
const examples = join(import.meta.dirname, '..', '..', 'examples', 'process-tools')
const specs = tempDir()
cpSync(join(examples, 'notes.yaml'), join(specs, 'notes.yaml'))
cpSync(join(examples, 'notes.mjs'), join(specs, 'notes.mjs'))

let host: ToolHost
beforeEach(async () => {
  host = await createToolHost({ dataDir: tempDir(), processDirs: [specs], watchProcessTools: false })
  await host.trustProcessTools()
})
afterEach(() => host.close())

type Tools = NonNullable<ProfileInput['tools']>
const ias: Tools = { allow: ['process/*'], deferred: ['process/*'], metaTools: 'ias' }
const asked: ApprovalRequest[] = []
const invocation = (tools: Tools = ias, options: Partial<InvocationOptions> = {}) => {
  asked.length = 0
  return host.createInvocation({
    scope: 'chat',
    protocol: 'openai-chat',
    owner: 'user:ada',
    profile: { tools },
    approver: async (request) => (asked.push(request), { behavior: 'allow', scope: 'once' }),
    ...options,
  })
}
const query = (callId: string, args: unknown) => ({ callId, name: 'query_capabilities', arguments: args })
const capability = (callId: string, name: string, prompt: unknown) => ({
  callId,
  name: 'call_capability',
  arguments: { name, prompt },
})

describe('a snapshot with tools.metaTools: ias', () => {
  it('offers the deferred pair as query_capabilities and call_capability, and only so', async () => {
    const inv = await invocation()
    expect(inv.offered.map((b) => [b.alias, b.toolId])).toEqual([
      ['query_capabilities', 'builtin:tools.search'],
      ['call_capability', 'builtin:tools.call'],
    ])
    expect(deferredBindings(inv.snapshot).map((b) => b.alias)).toEqual(['add', 'find'])
    expect(inv.snapshot.bindings.some((b) => b.alias.startsWith('tools_'))).toBe(false)
    const [search, call] = inv.offered
    expect(search?.inputSchema).toEqual({
      type: 'object',
      properties: { query: expect.objectContaining({ type: 'string' }) },
      additionalProperties: false,
    })
    expect(call?.inputSchema).toMatchObject({
      properties: { name: { type: 'string' }, prompt: { type: 'string' } },
      required: ['name'],
    })
    expect(call?.description).toContain('Run one tool listed by query_capabilities')
    expect(search?.description).toContain('Then run one with call_capability.')

    const plain = await invocation({ ...ias, metaTools: 'toolhost' })
    expect(plain.offered.map((b) => b.alias)).toEqual(['tools_search', 'tools_call'])
  })

  it("gives iAs's layout with deferred: ['*']: the pair and the completion tools, every other tool behind them", async () => {
    const inv = await invocation({ allow: ['builtin:*', 'process/*'], deferred: ['*'], metaTools: 'ias' })
    const completion = inv.snapshot.bindings.filter((b) => b.completion).map((b) => b.alias)
    expect(inv.offered.map((b) => b.alias)).toEqual([...completion, 'query_capabilities', 'call_capability'])
    const [listed] = await inv.executeTurn({ calls: [query('q', undefined)] })
    const names = (listed?.structured as { capabilities: { name: string }[] }).capabilities.map((c) => c.name)
    expect(names).toEqual(
      inv.snapshot.bindings.filter((b) => !b.toolId.startsWith('builtin:tools.')).map((b) => b.alias),
    )
    expect(names).toEqual(expect.arrayContaining(['add', 'find', 'workspace_read_file', 'memory_write']))
  })

  it('offers the pair even when nothing is deferred, and keeps its names from external tools', async () => {
    host.extensions.register(
      {
        extensionId: 'legacy',
        name: 'query_capabilities',
        description: 'An older listing.',
        contexts: ['chat'],
        inputSchema: { type: 'object', properties: {} },
      },
      () => 'old',
    )
    const inv = await invocation({ allow: ['process/*', 'extension/*'], metaTools: 'ias' })
    expect(inv.offered.map((b) => b.alias)).toEqual([
      'add',
      'find',
      'query_capabilities__2',
      'query_capabilities',
      'call_capability',
    ])
  })
})

describe('query_capabilities', () => {
  it('lists every tool with its name, description and parameters when called with no arguments', async () => {
    for (const args of [undefined, '', '{}', {}, { query: '  ' }]) {
      const inv = await invocation()
      const [listed] = await inv.executeTurn({ calls: [query('q', args)] })
      expect(listed).toMatchObject({ toolId: 'builtin:tools.search', isError: false })
      expect(listed?.content).toMatch(
        /^2 tools you can use\. Run one with call_capability: its name, and its arguments as a JSON text in prompt\.\n\n- add\n {3}Keep a short note, with optional tags, in your memory\.\n {3}parameters: \{"type":"object","properties":\{"text"/,
      )
      expect(listed?.content).toContain('\n\n- find\n   Search your notes.\n   parameters: {')
      const structured = listed?.structured as { total: number; capabilities: { name: string }[] }
      expect(structured.capabilities.map((c) => c.name)).toEqual(['add', 'find'])
      expect(inv.gateState.discovered).toEqual(['process/notes:add', 'process/notes:find'])
    }
  })

  it('says so when the invocation has no tool besides the pair', async () => {
    const inv = await invocation({ allow: [], metaTools: 'ias' })
    expect(inv.offered.map((b) => b.alias)).toEqual(['query_capabilities', 'call_capability'])
    const [listed] = await inv.executeTurn({ calls: [query('q', {})] })
    expect(listed?.content).toBe(
      'There are no tools to list: this conversation offers none besides query_capabilities and call_capability.',
    )
  })

  it('lists only the tools that fit a query, and says so when none does', async () => {
    const inv = await invocation()
    const [found] = await inv.executeTurn({ calls: [query('q', { query: 'search my notes' })] })
    const structured = found?.structured as { query: string; capabilities: { name: string }[] }
    expect(structured.capabilities[0]?.name).toBe('find')
    expect(found?.content).toMatch(/^\d of 2 tools fit "search my notes", best first\./)
    const [none] = await inv.executeTurn({ calls: [query('n', { query: 'quantum chromodynamics' })] })
    expect(none?.content).toBe(
      'No tool fits "quantum chromodynamics" (2 in all). Call query_capabilities with no query to list them all, or with other words.',
    )
  })
})

describe('call_capability', () => {
  it('runs a process tool named after query_capabilities, with prompt as a JSON text, through the gate', async () => {
    const inv = await invocation()
    await inv.executeTurn({ calls: [query('q', {})] })
    const [added] = await inv.executeTurn({
      calls: [capability('c', 'add', '{"text": "Buy oat milk", "tags": ["shopping"]}')],
    })
    expect(added).toMatchObject({ callId: 'c', toolId: 'process/notes:add', isError: false })
    expect(added?.content).toMatch(/^Noted \(.+\)\.$/)
    // The default mode asks before a tool that writes: the request names the target, not the pair.
    expect(asked.map((r) => [r.toolId, r.alias, r.input])).toEqual([
      ['process/notes:add', 'add', { text: 'Buy oat milk', tags: ['shopping'] }],
    ])
    const [found] = await inv.executeTurn({ calls: [capability('f', 'find', '{"query":"milk"}')] })
    expect(found?.content).toBe('- Buy oat milk [shopping]')
    const events = host.store().events({ invocationId: inv.id, callId: 'c' })
    expect(events.map((e) => e.toolId)).toEqual(Array(events.length).fill('process/notes:add'))
  })

  it('applies the permission rules of the target tool', async () => {
    const inv = await host.createInvocation({
      scope: 'chat',
      protocol: 'openai-chat',
      owner: 'user:ada',
      profile: { tools: ias, permissions: { deny: ['process/notes:add'] } },
    })
    const [denied] = await inv.executeTurn({ calls: [capability('c', 'add', '{"text":"x"}')] })
    expect(denied).toMatchObject({ errorCode: 'permission.denied', toolId: 'process/notes:add', isError: true })
    expect(host.store().memories('user:ada').read()).toEqual([])
  })

  it('refuses a prompt that is not the JSON text of an object, explaining the format', async () => {
    const inv = await invocation()
    const results = await inv.executeTurn({
      calls: [
        capability('a', 'add', '{"text": "unfinished'),
        capability('b', 'add', '["a list"]'),
        capability('c', 'add', { text: 'an object, not a text' }),
      ],
    })
    expect(results.map((r) => [r.errorCode, r.toolId])).toEqual([
      ['tool.invalid_arguments', 'builtin:tools.call'],
      ['tool.invalid_arguments', 'builtin:tools.call'],
      ['tool.invalid_arguments', 'builtin:tools.call'],
    ])
    expect(results[0]?.content).toContain(
      `- prompt: prompt must be the JSON text of the tool's arguments, one object written as a string, for example '{"city": "Oslo"}' ('{}' when the tool takes none). Problem: not valid JSON (`,
    )
    expect(results[0]?.content).toContain('Received: {"text": "unfinished\n')
    expect(results[1]?.content).toContain('Problem: expected a JSON object, got an array. Received: ["a list"]\n')
    expect(results[2]?.content).toContain('Problem: not a text. Received: {"text":"an object, not a text"}\n')
    expect(results.every((r) => r.content.startsWith('Invalid arguments for call_capability'))).toBe(true)
    expect(host.store().memories('user:ada').read()).toEqual([])
  })

  it("validates the arguments in prompt against the target tool's schema", async () => {
    const inv = await invocation()
    const [wrong] = await inv.executeTurn({ calls: [capability('a', 'add', '{"text": 5}')] })
    expect(wrong).toMatchObject({ errorCode: 'tool.invalid_arguments', toolId: 'process/notes:add' })
    const [missing] = await inv.executeTurn({ calls: [capability('b', 'add', '')] })
    expect(missing).toMatchObject({ errorCode: 'tool.invalid_arguments', toolId: 'process/notes:add' })
    const [unknown] = await inv.executeTurn({ calls: [capability('c', 'ad', '{}')] })
    expect(unknown?.content).toBe(
      'There is no deferred tool named "ad". Did you mean "add"? Find tools and their names with query_capabilities.',
    )
  })

  it('keeps the iAs pair after a resume: the style is the snapshot’s', async () => {
    const inv = await invocation()
    const resumed = await host.resumeInvocation(inv.id)
    const [ran] = await resumed.executeTurn({ calls: [capability('c', 'find', '{"query": "milk"}')] })
    expect(ran).toMatchObject({ toolId: 'process/notes:find', isError: false, content: 'No note matches "milk".' })
  })
})

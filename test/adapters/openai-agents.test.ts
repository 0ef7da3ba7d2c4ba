import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Agent, run, RunState, setTracingDisabled, type Tool } from '@openai/agents-core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { InvocationOptions } from '../../src/host/invocation-options.js'
import type { Invocation } from '../../src/host/invocation.js'
import { openAiAgentsTools, type OpenAiAgentsToolsOptions } from '../../src/adapters/openai-agents/index.js'
import { tempDir } from '../temp-dir.js'
import { auditedCalls, callProbes, probeProfile, readsParallelThenWrite } from './call-probes.js'
import { answer, callOf, ScriptModel, toolOutputs } from './openai-agents-model.js'

const probes = callProbes()
const hosts: ToolHost[] = []

beforeAll(() => setTracingDisabled(true))
afterEach(async () => {
  probes.reset()
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

async function openHost(dataDir = tempDir('toolhost-agents-')): Promise<ToolHost> {
  const host = await createToolHost({ tools: probes.tools, dataDir, workspaceDir: tempDir('toolhost-agents-ws-') })
  hosts.push(host)
  return host
}

async function setUp(
  options: Partial<OpenAiAgentsToolsOptions> = {},
  invocation: Partial<InvocationOptions> = {},
): Promise<{ host: ToolHost; inv: Invocation; tools: ReturnType<typeof openAiAgentsTools> }> {
  const host = await openHost()
  const inv = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-responses',
    profile: probeProfile,
    ...invocation,
  })
  return { host, inv, tools: openAiAgentsTools(inv, { host, ...options }) }
}

function agentWith(tools: Tool[], model: ScriptModel): Agent {
  return new Agent({ name: 'probe agent', instructions: 'Use the tools.', model, tools })
}

describe('openAiAgentsTools', () => {
  it('offers one function tool per alias with the snapshot description and JSON Schema', async () => {
    const { inv, tools } = await setUp()
    expect(tools.map((one) => one.name)).toEqual(inv.offered.map((binding) => binding.alias))
    const read = tools.find((one) => one.name === 'probe_read')
    const binding = inv.offered.find((one) => one.alias === 'probe_read')
    expect(read).toMatchObject({ type: 'function', description: binding?.description, strict: false })
    expect(read?.parameters).toEqual(binding?.inputSchema)
  })

  it('marks a tool strict when the snapshot compiled its schema for OpenAI strict mode, and its calls run', async () => {
    const { host, inv, tools } = await setUp(
      {},
      { profile: { ...probeProfile, tools: { ...probeProfile.tools, strictSchemas: true } } },
    )
    const write = tools.find((one) => one.name === 'probe_write')
    expect(inv.offered.find((binding) => binding.alias === 'probe_write')?.strict).toBe(true)
    expect(write?.strict).toBe(true)
    const model = new ScriptModel([[callOf('probe_write', { key: 'k', text: 'abc' }, 'call_w')], [answer('ok')]])
    await run(agentWith(tools, model), 'Write k.')
    expect(toolOutputs(model.requests[1]).get('call_w')).toBe('stored 3 characters under k')
    expect(auditedCalls(host.store(), inv.runId).get('call_w')?.outcome).toBe('succeeded')
  })

  it('runs a step’s calls as one toolhost turn: reads in parallel, then the write, each result to its call', async () => {
    const { host, inv, tools } = await setUp()
    probes.meet(2)
    const model = new ScriptModel([
      [
        callOf('probe_read', { key: 'a' }, 'call_r1'),
        callOf('probe_read', { key: 'b' }, 'call_r2'),
        callOf('probe_write', { key: 'w', text: 'hello' }, 'call_w1'),
      ],
      [answer('done')],
    ])
    const result = await run(agentWith(tools, model), 'Read a and b, then write w.')
    expect(result.finalOutput).toBe('done')
    expect(readsParallelThenWrite(probes.events, ['a', 'b'], 'w')).toBe(true)
    const seen = toolOutputs(model.requests[1])
    expect([...seen]).toEqual([
      ['call_r1', 'note a'],
      ['call_r2', 'note b'],
      ['call_w1', 'stored 5 characters under w'],
    ])
    const audit = auditedCalls(host.store(), inv.runId)
    expect([...audit.values()].map((call) => [call.callId, call.outcome, call.round])).toEqual([
      ['call_r1', 'succeeded', 1],
      ['call_r2', 'succeeded', 1],
      ['call_w1', 'succeeded', 1],
    ])
  })

  it('gives the model toolhost’s error for invalid arguments, and the run goes on', async () => {
    const { host, inv, tools } = await setUp()
    const model = new ScriptModel([
      [callOf('probe_read', { name: 'a' }, 'call_bad'), callOf('probe_read', { key: 'a' }, 'call_ok')],
      [answer('fixed')],
    ])
    const result = await run(agentWith(tools, model), 'Read a.')
    expect(result.finalOutput).toBe('fixed')
    const seen = toolOutputs(model.requests[1])
    const audit = auditedCalls(host.store(), inv.runId)
    expect(audit.get('call_bad')).toMatchObject({ outcome: 'rejected', errorCode: 'tool.invalid_arguments' })
    const [direct] = await (
      await host.createInvocation({ scope: 'session', protocol: 'openai-responses', profile: probeProfile })
    ).executeTurn({ calls: [{ callId: 'call_bad', name: 'probe_read', arguments: '{"name":"a"}' }] })
    expect(seen.get('call_bad')).toBe(direct?.content)
    expect(direct?.isError).toBe(true)
    expect(seen.get('call_ok')).toBe('note a')
  })

  it('gives the model toolhost’s denial for a call a deny rule refuses, and the tool never runs', async () => {
    const { host, inv, tools } = await setUp()
    const model = new ScriptModel([[callOf('probe_erase', { key: 'a' }, 'call_erase')], [answer('cannot')]])
    await run(agentWith(tools, model), 'Erase a.')
    expect(String(toolOutputs(model.requests[1]).get('call_erase'))).toMatch(/probe_erase/)
    expect(probes.events).not.toContain('erase a')
    expect(auditedCalls(host.store(), inv.runId).get('call_erase')).toMatchObject({
      outcome: 'denied',
      decision: { verdict: 'denied', by: 'rule' },
    })
  })

  it('puts the long result in a file: the model reads the preview and its path, the file holds it all', async () => {
    const { host, inv, tools } = await setUp()
    const model = new ScriptModel([[callOf('probe_long', { lines: 300 }, 'call_long')], [answer('read it')]])
    await run(agentWith(tools, model), 'List.')
    const text = String(toolOutputs(model.requests[1]).get('call_long'))
    const path = /tool-results\/[^\s"')]+\.txt/.exec(text)?.[0]
    expect(path).toBeDefined()
    const file = join(host.store().runDir(inv.runId), path ?? '')
    expect(existsSync(file)).toBe(true)
    expect(readFileSync(file, 'utf8')).toContain('line 300 of the listing')
    expect(text).not.toContain('line 300 of the listing')
  })

  it('passes a result’s images to the model as image parts after toolhost’s text', async () => {
    const { tools } = await setUp({}, { acceptsImages: true })
    const model = new ScriptModel([[callOf('probe_picture', {}, 'call_pic')], [answer('red')]])
    await run(agentWith(tools, model), 'Draw.')
    const output = toolOutputs(model.requests[1]).get('call_pic')
    expect(output).toMatchObject([
      { type: 'input_text', text: expect.stringContaining('a red square') },
      { type: 'input_image', image: expect.stringMatching(/^data:image\/png;base64,/) },
    ])
  })

  it('names where an image is stored when the model reads no images', async () => {
    const { tools } = await setUp()
    const model = new ScriptModel([[callOf('probe_picture', {}, 'call_pic')], [answer('noted')]])
    await run(agentWith(tools, model), 'Draw.')
    const output = toolOutputs(model.requests[1]).get('call_pic')
    expect(output).toEqual(expect.stringContaining('a red square'))
    expect(output).toEqual(expect.stringMatching(/tool-results\/\S+\.png/))
  })
})

describe('approvals through the invocation approver', () => {
  it('runs a call the approver allows and records who allowed it', async () => {
    const { host, inv, tools } = await setUp(
      {},
      { approver: async () => ({ behavior: 'allow', scope: 'once', approver: 'alice' }) },
    )
    const model = new ScriptModel([[callOf('probe_publish', { key: 'p' }, 'call_pub')], [answer('published')]])
    const result = await run(agentWith(tools, model), 'Publish p.')
    expect(result.interruptions).toEqual([])
    expect(toolOutputs(model.requests[1]).get('call_pub')).toBe('published p')
    expect(auditedCalls(host.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'succeeded',
      decision: { verdict: 'allowed', asked: true, approver: 'alice' },
    })
  })

  it('gives the model toolhost’s denial when the approver refuses, and nothing runs', async () => {
    const { host, inv, tools } = await setUp(
      {},
      { approver: async () => ({ behavior: 'deny', message: 'not today', approver: 'alice' }) },
    )
    const model = new ScriptModel([[callOf('probe_publish', { key: 'p' }, 'call_pub')], [answer('ok')]])
    await run(agentWith(tools, model), 'Publish p.')
    expect(String(toolOutputs(model.requests[1]).get('call_pub'))).toContain('not today')
    expect(probes.events).not.toContain('publish p')
    expect(auditedCalls(host.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'denied',
      decision: { verdict: 'denied', approver: 'alice' },
    })
  })
})

describe('approvals through the SDK’s interruptions', () => {
  it('asks only about calls toolhost would ask about', async () => {
    const { tools } = await setUp({ approvals: 'framework' })
    const model = new ScriptModel([
      [callOf('probe_read', { key: 'a' }, 'call_r'), callOf('probe_publish', { key: 'p' }, 'call_pub')],
    ])
    const result = await run(agentWith(tools, model), 'Read a, publish p.')
    expect(
      result.interruptions.map((item) => [item.name, item.rawItem.type === 'function_call' && item.rawItem.callId]),
    ).toEqual([['probe_publish', 'call_pub']])
    expect(probes.events).not.toContain('publish p')
  })

  it('asks about a strict-mode call that leaves an optional property null, and runs it once approved', async () => {
    const { tools } = await setUp(
      { approvals: 'framework' },
      { profile: { ...probeProfile, tools: { ...probeProfile.tools, strictSchemas: true } } },
    )
    const model = new ScriptModel([
      [callOf('probe_publish', { key: 'p', headline: null }, 'call_pub')],
      [answer('published')],
    ])
    const agent = agentWith(tools, model)
    const interrupted = await run(agent, 'Publish p.')
    expect(interrupted.interruptions).toHaveLength(1)
    for (const item of interrupted.interruptions) interrupted.state.approve(item)
    await run(agent, interrupted.state)
    expect(toolOutputs(model.requests[1]).get('call_pub')).toBe('published p')
  })

  it('runs an approved call after the state was saved and restored in a new host, naming the approver', async () => {
    const dataDir = tempDir('toolhost-agents-durable-')
    const first = await openHost(dataDir)
    const inv = await first.createInvocation({ scope: 'session', protocol: 'openai-responses', profile: probeProfile })
    const model = new ScriptModel([[callOf('probe_publish', { key: 'p' }, 'call_pub')], [answer('published')]])
    const interrupted = await run(
      agentWith(openAiAgentsTools(inv, { host: first, approvals: 'framework' }), model),
      'Publish p.',
    )
    expect(interrupted.interruptions).toHaveLength(1)
    const saved = interrupted.state.toString()
    await first.close()
    hosts.splice(hosts.indexOf(first), 1)

    const second = await openHost(dataDir)
    const resumed = await second.resumeInvocation(inv.id)
    const agent = agentWith(
      openAiAgentsTools(resumed, { host: second, approvals: 'framework', approver: 'openai-agents:alice' }),
      model,
    )
    const state = await RunState.fromString(agent, saved)
    for (const item of state.getInterruptions()) state.approve(item)
    const result = await run(agent, state)
    expect(result.finalOutput).toBe('published')
    expect(probes.events).toContain('publish p')
    expect(toolOutputs(model.requests[1]).get('call_pub')).toBe('published p')
    expect(auditedCalls(second.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'succeeded',
      decision: { verdict: 'allowed', asked: true, approver: 'openai-agents:alice', scope: 'once' },
    })
  })

  it('names the approver the approvedBy option reads from the run context', async () => {
    const { host, inv } = await setUp()
    const tools = openAiAgentsTools<{ user: string }>(inv, {
      host,
      approvals: 'framework',
      approvedBy: (context) => `openai-agents:${context.context.user}`,
    })
    const model = new ScriptModel([[callOf('probe_publish', { key: 'p' }, 'call_pub')], [answer('published')]])
    const agent = new Agent<{ user: string }>({ name: 'probe agent', model, tools })
    const interrupted = await run(agent, 'Publish p.', { context: { user: 'carol' } })
    for (const item of interrupted.interruptions) interrupted.state.approve(item)
    await run(agent, interrupted.state)
    expect(auditedCalls(host.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'succeeded',
      decision: { verdict: 'allowed', approver: 'openai-agents:carol' },
    })
  })

  it('runs nothing for a call the person rejects; the model reads the rejection', async () => {
    const { tools } = await setUp({ approvals: 'framework' })
    const model = new ScriptModel([[callOf('probe_publish', { key: 'p' }, 'call_pub')], [answer('understood')]])
    const agent = agentWith(tools, model)
    const interrupted = await run(agent, 'Publish p.')
    const state = await RunState.fromString(agent, interrupted.state.toString())
    for (const item of state.getInterruptions()) state.reject(item, { message: 'Publishing is paused this week.' })
    const result = await run(agent, state)
    expect(result.finalOutput).toBe('understood')
    expect(toolOutputs(model.requests[1]).get('call_pub')).toBe('Publishing is paused this week.')
    expect(probes.events).not.toContain('publish p')
  })
})

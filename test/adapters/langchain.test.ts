import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HumanMessage, type BaseMessage, type ToolMessage } from '@langchain/core/messages'
import { afterEach, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { InvocationOptions } from '../../src/host/invocation-options.js'
import type { Invocation } from '../../src/host/invocation.js'
import { langChainTools, type ToolhostStructuredTool } from '../../src/adapters/langchain/index.js'
import { tempDir } from '../temp-dir.js'
import { auditedCalls, callProbes, probeProfile, readsParallelThenWrite } from './call-probes.js'
import { answerMessage, ScriptChatModel, toolCalls, toolMessages } from './langchain-model.js'

const probes = callProbes()
const hosts: ToolHost[] = []

afterEach(async () => {
  probes.reset()
  await Promise.all(hosts.splice(0).map((host) => host.close()))
})

async function setUp(
  invocation: Partial<InvocationOptions> = {},
): Promise<{ host: ToolHost; inv: Invocation; tools: ToolhostStructuredTool[] }> {
  const host = await createToolHost({
    tools: probes.tools,
    dataDir: tempDir('toolhost-langchain-'),
    workspaceDir: tempDir('toolhost-langchain-ws-'),
  })
  hosts.push(host)
  const inv = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-chat',
    profile: probeProfile,
    ...invocation,
  })
  return { host, inv, tools: langChainTools(inv, { host }) }
}

/** The usual loop: bind the tools, invoke every tool call of a reply at once, feed the messages back. */
async function runLoop(
  model: ScriptChatModel,
  tools: ToolhostStructuredTool[],
  prompt: string,
): Promise<BaseMessage[]> {
  const byName = new Map(tools.map((one) => [one.name, one]))
  const bound = model.bindTools(tools)
  const messages: BaseMessage[] = [new HumanMessage(prompt)]
  for (;;) {
    const reply = await bound.invoke(messages)
    messages.push(reply)
    const calls = reply.tool_calls ?? []
    if (calls.length === 0) return messages
    const results = await Promise.all(
      calls.map((call) => {
        const found = byName.get(call.name)
        if (found === undefined) throw new Error(`The script called ${call.name}, which is not offered.`)
        return found.invoke(call)
      }),
    )
    messages.push(...results)
  }
}

function toolMessage(model: ScriptChatModel, request: number, callId: string): ToolMessage {
  const found = toolMessages(model.requests[request]).get(callId)
  if (found === undefined) throw new Error(`Request ${request} has no tool message for ${callId}.`)
  return found
}

describe('langChainTools', () => {
  it('offers one structured tool per alias; the model is shown the snapshot description and JSON Schema', async () => {
    const { inv, tools } = await setUp()
    const model = new ScriptChatModel([])
    model.bindTools(tools)
    expect(model.toolDefinitions).toEqual(
      inv.offered.map((binding) => ({
        type: 'function',
        function: { name: binding.alias, description: binding.description, parameters: binding.inputSchema },
      })),
    )
  })

  it('runs a message’s calls as one toolhost turn: reads in parallel, then the write, each result to its call', async () => {
    const { host, inv, tools } = await setUp()
    probes.meet(2)
    const model = new ScriptChatModel([
      toolCalls(
        ['probe_read', { key: 'a' }, 'call_r1'],
        ['probe_read', { key: 'b' }, 'call_r2'],
        ['probe_write', { key: 'w', text: 'hello' }, 'call_w1'],
      ),
      answerMessage('done'),
    ])
    const messages = await runLoop(model, tools, 'Read a and b, then write w.')
    expect(messages.at(-1)?.content).toBe('done')
    expect(readsParallelThenWrite(probes.events, ['a', 'b'], 'w')).toBe(true)
    expect(
      [...toolMessages(model.requests[1]).values()].map((one) => [one.tool_call_id, one.status, one.content]),
    ).toEqual([
      ['call_r1', 'success', 'note a'],
      ['call_r2', 'success', 'note b'],
      ['call_w1', 'success', 'stored 5 characters under w'],
    ])
    const audit = auditedCalls(host.store(), inv.runId)
    expect([...audit.values()].map((call) => [call.callId, call.outcome, call.round])).toEqual([
      ['call_r1', 'succeeded', 1],
      ['call_r2', 'succeeded', 1],
      ['call_w1', 'succeeded', 1],
    ])
  })

  it('gives the model toolhost’s error for invalid arguments as an error message, nothing thrown', async () => {
    const { host, inv, tools } = await setUp()
    const model = new ScriptChatModel([toolCalls(['probe_read', { name: 'a' }, 'call_bad']), answerMessage('fixed')])
    await runLoop(model, tools, 'Read a.')
    const [direct] = await (
      await host.createInvocation({ scope: 'session', protocol: 'openai-chat', profile: probeProfile })
    ).executeTurn({ calls: [{ callId: 'call_bad', name: 'probe_read', arguments: { name: 'a' } }] })
    const message = toolMessage(model, 1, 'call_bad')
    expect(message.status).toBe('error')
    expect(message.content).toBe(direct?.content)
    expect(auditedCalls(host.store(), inv.runId).get('call_bad')).toMatchObject({
      outcome: 'rejected',
      errorCode: 'tool.invalid_arguments',
    })
  })

  it('gives the model toolhost’s denial for a call a deny rule refuses, and the tool never runs', async () => {
    const { host, inv, tools } = await setUp()
    const model = new ScriptChatModel([toolCalls(['probe_erase', { key: 'a' }, 'call_erase']), answerMessage('cannot')])
    await runLoop(model, tools, 'Erase a.')
    expect(toolMessage(model, 1, 'call_erase')).toMatchObject({
      status: 'error',
      content: expect.stringMatching(/probe_erase/),
    })
    expect(probes.events).not.toContain('erase a')
    expect(auditedCalls(host.store(), inv.runId).get('call_erase')).toMatchObject({
      outcome: 'denied',
      decision: { verdict: 'denied', by: 'rule' },
    })
  })

  it('runs a call the invocation approver allows and records who allowed it', async () => {
    const { host, inv, tools } = await setUp({
      approver: async () => ({ behavior: 'allow', scope: 'once', approver: 'alice' }),
    })
    const model = new ScriptChatModel([toolCalls(['probe_publish', { key: 'p' }, 'call_pub']), answerMessage('ok')])
    await runLoop(model, tools, 'Publish p.')
    expect(toolMessage(model, 1, 'call_pub')).toMatchObject({ status: 'success', content: 'published p' })
    expect(auditedCalls(host.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'succeeded',
      decision: { verdict: 'allowed', asked: true, approver: 'alice' },
    })
  })

  it('gives the model toolhost’s denial when the invocation approver refuses, and nothing runs', async () => {
    const { host, inv, tools } = await setUp({
      approver: async () => ({ behavior: 'deny', message: 'not today', approver: 'alice' }),
    })
    const model = new ScriptChatModel([toolCalls(['probe_publish', { key: 'p' }, 'call_pub']), answerMessage('ok')])
    await runLoop(model, tools, 'Publish p.')
    expect(toolMessage(model, 1, 'call_pub')).toMatchObject({
      status: 'error',
      content: expect.stringContaining('not today'),
    })
    expect(probes.events).not.toContain('publish p')
    expect(auditedCalls(host.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'denied',
      decision: { verdict: 'denied', approver: 'alice' },
    })
  })

  it('waits for a decision in the store when the invocation has no approver', async () => {
    const { host, inv, tools } = await setUp()
    const call = tools
      .find((one) => one.name === 'probe_publish')
      ?.invoke({
        type: 'tool_call',
        name: 'probe_publish',
        args: { key: 'p' },
        id: 'call_pub',
      })
    let request = host.approvals.list({ status: 'pending' })[0]
    while (request === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      request = host.approvals.list({ status: 'pending' })[0]
    }
    expect(probes.events).not.toContain('publish p')
    await host.approvals.approve(request.id, { approver: 'bob', continueTurn: false })
    expect(await call).toMatchObject({ status: 'success', content: 'published p' })
    expect(auditedCalls(host.store(), inv.runId).get('call_pub')).toMatchObject({
      outcome: 'succeeded',
      decision: { verdict: 'allowed', approver: 'bob' },
    })
  })

  it('puts the long result in a file: the model reads the preview and its path, the file holds it all', async () => {
    const { host, inv, tools } = await setUp()
    const model = new ScriptChatModel([
      toolCalls(['probe_long', { lines: 300 }, 'call_long']),
      answerMessage('read it'),
    ])
    await runLoop(model, tools, 'List.')
    const text = String(toolMessage(model, 1, 'call_long').content)
    const path = /tool-results\/[^\s"')]+\.txt/.exec(text)?.[0]
    expect(path).toBeDefined()
    const file = join(host.store().runDir(inv.runId), path ?? '')
    expect(existsSync(file)).toBe(true)
    expect(readFileSync(file, 'utf8')).toContain('line 300 of the listing')
    expect(text).not.toContain('line 300 of the listing')
  })

  it('passes a result’s images to the model as image blocks after toolhost’s text', async () => {
    const { tools } = await setUp({ acceptsImages: true })
    const model = new ScriptChatModel([toolCalls(['probe_picture', {}, 'call_pic']), answerMessage('red')])
    await runLoop(model, tools, 'Draw.')
    expect(toolMessage(model, 1, 'call_pic').content).toMatchObject([
      { type: 'text', text: expect.stringContaining('a red square') },
      { type: 'image', mimeType: 'image/png', data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) },
    ])
  })
  it('names where an image is stored when the model reads no images', async () => {
    const { tools } = await setUp()
    const model = new ScriptChatModel([toolCalls(['probe_picture', {}, 'call_pic']), answerMessage('noted')])
    await runLoop(model, tools, 'Draw.')
    const { content } = toolMessage(model, 1, 'call_pic')
    expect(content).toEqual(expect.stringContaining('a red square'))
    expect(content).toEqual(expect.stringMatching(/tool-results\/\S+\.png/))
  })
})

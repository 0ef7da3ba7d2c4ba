import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { generateText, jsonSchema, stepCountIs, streamText, tool, type ModelMessage, type ToolSet } from 'ai'
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test'
import type { LanguageModelV4GenerateResult, LanguageModelV4Prompt } from '@ai-sdk/provider'
import { afterEach, describe, expect, it } from 'vitest'
import { aiSdkToolApproval, aiSdkTools } from '../../src/adapters/ai-sdk/index.js'
import type { AdapterOptions } from '../../src/adapters/core/index.js'
import { createToolHost, type InvocationOptions, type ToolHost } from '../../src/host/create-tool-host.js'
import type { Approver } from '../../src/permissions/approvals/approval-request.js'
import type { ProfileOverrides } from '../../src/profile/load-profile.js'
import { callHistories } from '../../src/store/call-history.js'
import { runAudit } from '../../src/store/run-audit.js'
import { tempDir } from '../temp-dir.js'
import { recordingTools } from './adapter-tools.js'

let host: ToolHost
afterEach(() => host.close())

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

/** One model step that calls tools. */
function callsStep(...calls: [id: string, name: string, input: string][]): LanguageModelV4GenerateResult {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({ type: 'tool-call', toolCallId, toolName, input })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  }
}

const doneStep: LanguageModelV4GenerateResult = {
  content: [{ type: 'text', text: 'done' }],
  finishReason: { unified: 'stop', raw: 'stop' },
  usage,
  warnings: [],
}

/** The tool results the model was shown in a prompt, by call id. */
function resultsSeen(prompt: LanguageModelV4Prompt | undefined): Map<string, { type: string; value?: unknown }> {
  const seen = new Map<string, { type: string; value?: unknown }>()
  for (const message of prompt ?? [])
    if (message.role === 'tool')
      for (const part of message.content) if (part.type === 'tool-result') seen.set(part.toolCallId, part.output)
  return seen
}

async function setUp(
  profile: ProfileOverrides,
  options: Omit<AdapterOptions, 'host'> = {},
  extra: Pick<InvocationOptions, 'approver' | 'acceptsImages'> = {},
): Promise<{ tools: ToolSet; log: string[]; audit: () => ReturnType<typeof callHistories>; runDir: string }> {
  const recording = recordingTools()
  host = await createToolHost({ dataDir: tempDir(), workspaceDir: tempDir(), tools: recording.tools })
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-responses',
    profile,
    ...extra,
  })
  return {
    tools: aiSdkTools(invocation, { host, ...options }),
    log: recording.log,
    audit: () => callHistories(host.store().events({ invocationId: invocation.id })),
    runDir: host.store().runDir(invocation.runId),
  }
}

const bypass: ProfileOverrides = { permissions: { mode: 'bypass' } }

describe('aiSdkTools with generateText', () => {
  it('runs the calls of one step as one turn: two reads together, the write after both, each result as toolhost gives it', async () => {
    const { tools, log, audit } = await setUp(bypass)
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsStep(
          ['c1', 'note_read', '{"id":"r1","path":"a.md","together":true}'],
          ['c2', 'note_read', '{"id":"r2","path":"a.md","together":true}'],
          ['c3', 'note_write', '{"id":"w1","path":"a.md"}'],
        ),
        doneStep,
      ],
    })
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    expect(result.text).toBe('done')
    expect(log.slice(0, 2).sort()).toEqual(['start r1', 'start r2'])
    expect(log.indexOf('start w1')).toBeGreaterThan(Math.max(log.indexOf('end r1'), log.indexOf('end r2')))
    const seen = resultsSeen(model.doGenerateCalls[1]?.prompt)
    expect(seen.get('c1')).toEqual({ type: 'text', value: 'read r1' })
    expect(seen.get('c3')).toEqual({ type: 'text', value: 'wrote w1' })
    const calls = audit()
    expect(calls.map((call) => [call.callId, call.phase, call.round])).toEqual([
      ['c1', 'succeeded', 1],
      ['c2', 'succeeded', 1],
      ['c3', 'succeeded', 1],
    ])
  })

  it("gives invalid arguments back as toolhost's recoverable error, without throwing", async () => {
    const { tools, log, audit } = await setUp(bypass)
    const model = new MockLanguageModelV4({
      doGenerate: [callsStep(['c1', 'note_read', '{"id":3,"path":"a.md"}']), doneStep],
    })
    const result = await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    expect(result.text).toBe('done')
    const seen = resultsSeen(model.doGenerateCalls[1]?.prompt).get('c1')
    expect(seen?.type).toBe('error-text')
    expect(String(seen?.value)).toContain('id')
    expect(log).toEqual([])
    expect(audit()[0]).toMatchObject({ phase: 'rejected', result: { errorCode: 'tool.invalid_arguments' } })
  })

  it('denies by a deny rule: the model reads the denial and the tool never runs', async () => {
    const { tools, log, audit } = await setUp({ permissions: { mode: 'bypass', deny: ['builtin:note.write'] } })
    const model = new MockLanguageModelV4({
      doGenerate: [callsStep(['c1', 'note_write', '{"id":"w1","path":"a.md"}']), doneStep],
    })
    await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    expect(resultsSeen(model.doGenerateCalls[1]?.prompt).get('c1')?.type).toBe('error-text')
    expect(log).toEqual([])
    expect(audit()[0]?.phase).toBe('denied')
  })

  it("framework approvals: a call toolhost would ask about is an approval request; approved, it runs as approved by the framework's approver", async () => {
    const { tools, log, audit } = await setUp(
      { permissions: { ask: ['builtin:note.write'] } },
      { approvals: 'framework', approver: 'ai-sdk:alice' },
    )
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsStep(['c1', 'note_read', '{"id":"r1","path":"a.md"}'], ['c2', 'note_write', '{"id":"w1","path":"a.md"}']),
        doneStep,
      ],
    })
    const messages: ModelMessage[] = [{ role: 'user', content: 'go' }]
    const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) })
    const requests = first.content.flatMap((part) => (part.type === 'tool-approval-request' ? [part] : []))
    expect(requests.map((request) => request.toolCall.toolCallId)).toEqual(['c2'])
    expect(log).toEqual(['start r1', 'end r1'])
    messages.push(...first.response.messages, {
      role: 'tool',
      content: requests.map((request) => ({
        type: 'tool-approval-response',
        approvalId: request.approvalId,
        approved: true,
      })),
    })
    const second = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) })
    expect(second.text).toBe('done')
    expect(log).toContain('start w1')
    expect(resultsSeen(model.doGenerateCalls[1]?.prompt).get('c2')).toEqual({ type: 'text', value: 'wrote w1' })
    const write = audit().find((call) => call.callId === 'c2')
    expect(write?.phase).toBe('succeeded')
    expect(write?.decisions.at(-1)).toMatchObject({ behavior: 'allow', approver: 'ai-sdk:alice' })
  })

  it("framework approvals through toolApproval: the request carries toolhost's reason, other tools keep their own needsApproval", async () => {
    const { tools, log, audit } = await setUp(
      { permissions: { ask: ['builtin:note.write'] } },
      { approvals: 'framework', approver: 'ai-sdk:dana' },
    )
    const ran: string[] = []
    const all: ToolSet = {
      ...tools,
      other: tool({
        inputSchema: jsonSchema<unknown>({ type: 'object' }),
        needsApproval: true,
        execute: async () => (ran.push('other'), 'other done'),
      }),
    }
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsStep(
          ['c1', 'note_write', '{"id":"w1","path":"a.md"}'],
          ['c2', 'note_read', '{"id":"r1","path":"a.md"}'],
          ['c3', 'other', '{}'],
        ),
        doneStep,
      ],
    })
    const messages: ModelMessage[] = [{ role: 'user', content: 'go' }]
    const toolApproval = aiSdkToolApproval()
    const first = await generateText({ model, tools: all, toolApproval, messages, stopWhen: stepCountIs(5) })
    const requests = first.content.flatMap((part) => (part.type === 'tool-approval-request' ? [part] : []))
    expect(requests.map((request) => request.toolCall.toolCallId)).toEqual(['c1', 'c3'])
    expect(requests[0]?.reason).toContain('builtin:note.write')
    expect(log).toEqual(['start r1', 'end r1'])
    messages.push(...first.response.messages, {
      role: 'tool',
      content: requests.map((request) => ({
        type: 'tool-approval-response',
        approvalId: request.approvalId,
        approved: true,
      })),
    })
    await generateText({ model, tools: all, toolApproval, messages, stopWhen: stepCountIs(5) })
    expect(log).toContain('start w1')
    expect(ran).toEqual(['other'])
    expect(
      audit()
        .find((call) => call.callId === 'c1')
        ?.decisions.at(-1),
    ).toMatchObject({ approver: 'ai-sdk:dana' })
  })

  it('framework approvals survive a restart: the approved call runs in a new host on the resumed invocation', async () => {
    const dataDir = tempDir()
    const workspaceDir = tempDir()
    const profile: ProfileOverrides = { permissions: { ask: ['builtin:note.write'] } }
    const before = recordingTools()
    host = await createToolHost({ dataDir, workspaceDir, tools: before.tools })
    const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-responses', profile })
    const model = new MockLanguageModelV4({
      doGenerate: [callsStep(['c1', 'note_write', '{"id":"w1","path":"a.md"}']), doneStep],
    })
    const first = await generateText({
      model,
      tools: aiSdkTools(invocation, { host, approvals: 'framework' }),
      prompt: 'go',
      stopWhen: stepCountIs(5),
    })
    const request = first.content.find((part) => part.type === 'tool-approval-request')
    // The conversation is kept as JSON while the person decides; the process ends.
    const saved = JSON.stringify([
      { role: 'user', content: 'go' },
      ...first.response.messages,
      {
        role: 'tool',
        content: [{ type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: true }],
      },
    ])
    await host.close()
    const after = recordingTools()
    host = await createToolHost({ dataDir, workspaceDir, tools: after.tools })
    const resumed = await host.resumeInvocation(invocation.id)
    const second = await generateText({
      model,
      tools: aiSdkTools(resumed, { host, approvals: 'framework', approver: 'ai-sdk:erin' }),
      messages: JSON.parse(saved) as ModelMessage[],
      stopWhen: stepCountIs(5),
    })
    expect(second.text).toBe('done')
    expect(before.log).toEqual([])
    expect(after.log).toEqual(['start w1', 'end w1'])
    const calls = callHistories(host.store().events({ invocationId: invocation.id }))
    expect(calls.map((call) => [call.callId, call.phase, call.decisions.at(-1)?.approver])).toEqual([
      ['c1', 'succeeded', 'ai-sdk:erin'],
    ])
  })

  it('works with streamText: the calls of a streamed step run through toolhost', async () => {
    const { tools, log, audit } = await setUp(bypass)
    const finish = { unified: 'tool-calls' as const, raw: 'tool_calls' }
    const model = new MockLanguageModelV4({
      doStream: [
        {
          stream: simulateReadableStream({
            chunks: [
              {
                type: 'tool-call',
                toolCallId: 'c1',
                toolName: 'note_read',
                input: '{"id":"r1","path":"a.md","together":true}',
              },
              {
                type: 'tool-call',
                toolCallId: 'c2',
                toolName: 'note_read',
                input: '{"id":"r2","path":"a.md","together":true}',
              },
              { type: 'finish', finishReason: finish, usage },
            ],
          }),
        },
        {
          stream: simulateReadableStream({
            chunks: [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'done' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop' as const, raw: 'stop' }, usage },
            ],
          }),
        },
      ],
    })
    const result = streamText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    expect(await result.text).toBe('done')
    expect(log.filter((entry) => entry.startsWith('start')).sort()).toEqual(['start r1', 'start r2'])
    expect(resultsSeen(model.doStreamCalls[1]?.prompt).get('c2')).toEqual({ type: 'text', value: 'read r2' })
    expect(audit().map((call) => call.phase)).toEqual(['succeeded', 'succeeded'])
  })

  it('framework approvals: a denied request never reaches the tool; the model reads the denial', async () => {
    const { tools, log } = await setUp({ permissions: { ask: ['builtin:note.write'] } }, { approvals: 'framework' })
    const model = new MockLanguageModelV4({
      doGenerate: [callsStep(['c1', 'note_write', '{"id":"w1","path":"a.md"}']), doneStep],
    })
    const messages: ModelMessage[] = [{ role: 'user', content: 'go' }]
    const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(5) })
    const request = first.content.find((part) => part.type === 'tool-approval-request')
    messages.push(...first.response.messages, {
      role: 'tool',
      content: [
        { type: 'tool-approval-response', approvalId: request?.approvalId ?? '', approved: false, reason: 'No.' },
      ],
    })
    await generateText({ model, tools, messages, stopWhen: stepCountIs(5) })
    expect(log).toEqual([])
    expect(resultsSeen(model.doGenerateCalls[1]?.prompt).get('c1')?.type).toBe('execution-denied')
  })

  it("framework approvals: a call the framework did not approve is denied by toolhost's gate even when it reaches execute", async () => {
    const { tools, log, audit } = await setUp(
      { permissions: { ask: ['builtin:note.write'] } },
      { approvals: 'framework' },
    )
    // Calling execute directly, as code that skips the approval flow would.
    const write = tools['note_write']
    const output: unknown = await write?.execute?.(
      { id: 'w1', path: 'a.md' },
      { toolCallId: 'c1', messages: [], context: {} },
    )
    expect(output).toMatchObject({ isError: true })
    expect(log).toEqual([])
    expect(audit()[0]?.phase).toBe('denied')
  })

  it("invocation approvals: the invocation's approver decides during the call, and the audit names it", async () => {
    const approver: Approver = async (request) =>
      request.input['id'] === 'w1'
        ? { behavior: 'allow', scope: 'once', approver: 'callback:carol' }
        : { behavior: 'deny', message: 'Not that one.', approver: 'callback:carol' }
    const { tools, log, audit } = await setUp({ permissions: { ask: ['builtin:note.write'] } }, {}, { approver })
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsStep(['c1', 'note_write', '{"id":"w1","path":"a.md"}'], ['c2', 'note_write', '{"id":"w2","path":"b.md"}']),
        doneStep,
      ],
    })
    await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    expect(log).toEqual(['start w1', 'end w1'])
    const seen = resultsSeen(model.doGenerateCalls[1]?.prompt)
    expect(seen.get('c1')).toEqual({ type: 'text', value: 'wrote w1' })
    expect(seen.get('c2')?.type).toBe('error-text')
    expect(String(seen.get('c2')?.value)).toContain('Not that one.')
    expect(audit().map((call) => [call.phase, call.decisions.at(-1)?.approver])).toEqual([
      ['succeeded', 'callback:carol'],
      ['denied', 'callback:carol'],
    ])
  })

  it("records every call of a step in the run's audit, with how each was decided", async () => {
    const recording = recordingTools()
    host = await createToolHost({ dataDir: tempDir(), workspaceDir: tempDir(), tools: recording.tools })
    const invocation = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-responses',
      profile: { permissions: { mode: 'bypass', deny: ['builtin:note.write'] } },
    })
    const model = new MockLanguageModelV4({
      doGenerate: [
        callsStep(
          ['c1', 'note_read', '{"id":"r1","path":"a.md"}'],
          ['c2', 'note_write', '{"id":"w1","path":"a.md"}'],
          ['c3', 'note_read', '{"path":"a.md"}'],
        ),
        doneStep,
      ],
    })
    await generateText({ model, tools: aiSdkTools(invocation, { host }), prompt: 'go', stopWhen: stepCountIs(5) })
    const run = host.store().getRun(invocation.runId)
    if (run === undefined) throw new Error('the run is not in the store')
    const audit = runAudit(host.store(), run)
    expect(audit.calls.map((call) => [call.callId, call.alias, call.outcome, call.decision.verdict])).toEqual([
      ['c1', 'note_read', 'succeeded', 'allowed'],
      ['c2', 'note_write', 'denied', 'denied'],
      ['c3', 'note_read', 'rejected', 'rejected'],
    ])
    expect(audit.calls[1]?.decision.rule).toBe('builtin:note.write')
  })

  it('externalizes a long result (the model reads the preview and the path) and sends images as file parts', async () => {
    const { tools, runDir } = await setUp(bypass, {}, { acceptsImages: true })
    const model = new MockLanguageModelV4({
      doGenerate: [callsStep(['c1', 'note_long', '{"lines":20000}'], ['c2', 'note_picture', '{}']), doneStep],
    })
    await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    const seen = resultsSeen(model.doGenerateCalls[1]?.prompt)
    const long = seen.get('c1')
    expect(long?.type).toBe('text')
    const text = String(long?.value)
    expect(text).toContain('line 1 of a long note')
    expect(text.length).toBeLessThan(20_000)
    const path = /tool-results\/\S+/.exec(text)?.[0]
    expect(path).toBeDefined()
    expect(existsSync(join(runDir, path ?? 'missing'))).toBe(true)
    const picture = seen.get('c2')
    expect(picture?.type).toBe('content')
    expect(JSON.stringify(picture?.value)).toContain('image/png')
  })

  it('gives a model that reads no images the text alone', async () => {
    const { tools } = await setUp(bypass)
    const model = new MockLanguageModelV4({ doGenerate: [callsStep(['c1', 'note_picture', '{}']), doneStep] })
    await generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(5) })
    const seen = resultsSeen(model.doGenerateCalls[1]?.prompt).get('c1')
    expect(seen?.type).toBe('text')
    expect(String(seen?.value)).toMatch(/^a red square\n\[image left out: .*stored at \S+\.png\]$/)
  })
})

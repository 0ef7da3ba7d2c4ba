import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { WireFormat } from '../model-server/scripted-model-server.js'
import { offeredTools, wireHistory } from '../model-server/wire-history.js'
import { tempDir } from '../temp-dir.js'
import { agentFixture } from './agent-fixture.js'

const bypass = { permissions: { mode: 'bypass' } } as const
const formats: WireFormat[] = ['openai-chat', 'anthropic']

describe.each(formats)('agent runs over %s', (format) => {
  it('runs parallel calls and replays each call paired with its result', async () => {
    const fx = await agentFixture(format, [
      {
        text: 'Let me look.',
        calls: [
          { id: 'call_a', name: 'calculator_evaluate', args: '{"expression":"6*7"}' },
          { id: 'call_b', name: 'workspace_read_file', args: '{"file_path":"notes.txt"}' },
          { id: 'call_c', name: 'dice_roll', args: '{"formula":"1d1+2"}' },
        ],
      },
      { text: 'The answer is 42.' },
    ])
    writeFileSync(join(fx.projectDir, 'notes.txt'), 'remember the milk\n')
    const result = await fx.run({ prompt: 'Compute and read.', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', reason: 'answered', text: 'The answer is 42.' })
    expect(fx.server.requests).toHaveLength(2)
    const first = fx.server.requests[0]!
    expect(offeredTools(first, format)).toEqual(
      expect.arrayContaining(['calculator_evaluate', 'workspace_read_file', 'dice_roll']),
    )
    expect(offeredTools(first, format)).not.toContain('workspace_commit')
    const history = wireHistory(fx.server.requests[1]!, format)
    expect(history[0]).toMatchObject({ role: 'system' })
    expect(history[1]).toMatchObject({ role: 'user', text: 'Compute and read.' })
    expect(history[2]).toMatchObject({
      role: 'assistant',
      text: 'Let me look.',
      calls: [
        { id: 'call_a', name: 'calculator_evaluate', input: { expression: '6*7' } },
        { id: 'call_b', name: 'workspace_read_file', input: { file_path: 'notes.txt' } },
        { id: 'call_c', name: 'dice_roll', input: { formula: '1d1+2' } },
      ],
    })
    const results = history.slice(3).flatMap((message) => message.results ?? [])
    expect(results.map((r) => r.id)).toEqual(['call_a', 'call_b', 'call_c'])
    expect(results[0]?.content).toContain('42')
    expect(results[1]?.content).toContain('remember the milk')
    expect(results[2]?.content).toContain('3')
  })

  it('replays invalid arguments as {} beside their error, and answers an unknown tool with the valid names', async () => {
    const fx = await agentFixture(format, [
      {
        calls: [
          { id: 'call_bad', name: 'dice_roll', args: '{"formula": "2d6"' },
          { id: 'call_unknown', name: 'dice_rol', args: '{"formula":"2d6"}' },
        ],
      },
      { text: 'Sorry.' },
    ])
    const result = await fx.run({ prompt: 'Roll.', profile: bypass })
    expect(result.status).toBe('completed')
    const history = wireHistory(fx.server.requests[1]!, format)
    const assistant = history.find((message) => message.role === 'assistant')
    expect(assistant?.calls).toEqual([
      { id: 'call_bad', name: 'dice_roll', input: {} },
      { id: 'call_unknown', name: 'dice_rol', input: { formula: '2d6' } },
    ])
    const results = history.flatMap((message) => message.results ?? [])
    expect(results.map((r) => r.id)).toEqual(['call_bad', 'call_unknown'])
    expect(results[0]?.content).toContain('{"formula": "2d6"')
    expect(results[1]?.content).toContain('dice_roll')
    expect(results.every((r) => r.isError === true)).toBe(true)
    // The store keeps the raw text the model sent.
    const transcript = fx.host.store().transcript(fx.host.store().invocationsOf(result.runId)[0]!.id)
    const stored = transcript.find(({ entry }) => entry.kind === 'assistant')?.entry
    expect(stored?.kind === 'assistant' && stored.calls[0]?.rawArguments).toBe('{"formula": "2d6"')
  })

  it('recovers drift in chat scope: the text is kept, the model is reminded, the committed reply is the answer', async () => {
    const fx = await agentFixture(format, [
      { text: 'Hi! The weather is fine.' },
      {
        calls: [
          {
            id: 'call_w',
            name: 'workspace_write_file',
            args: JSON.stringify({ file_path: 'output/main.md', content: 'The weather is fine.' }),
          },
        ],
      },
      { calls: [{ id: 'call_c', name: 'workspace_commit', args: '{"finish":true}' }] },
    ])
    const result = await fx.run({ prompt: 'How is the weather?', scope: 'chat', profile: bypass })
    expect(result).toMatchObject({
      status: 'completed',
      text: 'The weather is fine.',
      replies: ['The weather is fine.'],
    })
    expect(offeredTools(fx.server.requests[0]!, format)).toEqual(
      expect.arrayContaining(['workspace_commit', 'chat_search', 'chat_read_messages']),
    )
    const second = wireHistory(fx.server.requests[1]!, format)
    const reminder = second.at(-1)
    expect(reminder?.role).toBe('user')
    expect(reminder?.text).toContain('output/direct_output.md')
    expect(reminder?.text).toContain('workspace_commit')
    expect(second.some((m) => m.role === 'assistant' && m.text === 'Hi! The weather is fine.')).toBe(true)
    const runDir = fx.host.store().runDir(result.runId)
    expect(readFileSync(join(runDir, 'workspace', 'output', 'direct_output.md'), 'utf8')).toBe(
      'Hi! The weather is fine.',
    )
    expect(fx.host.store().runEvents(result.runId, { type: 'drift' })).toHaveLength(1)
    expect(fx.events.some((e) => e.type === 'reply' && e.text === 'The weather is fine.')).toBe(true)
  })

  it('replays the recent conversation and finds older messages with chat search', async () => {
    const conversation = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      text: i === 2 ? 'My favourite fruit is pineapple.' : `Message ${i}.`,
      ...(i % 2 === 0 && { name: 'ada' }),
    }))
    const fx = await agentFixture(format, [
      { calls: [{ id: 'call_s', name: 'chat_search', args: '{"query":"favourite fruit"}' }] },
      {
        calls: [
          {
            id: 'call_w',
            name: 'workspace_write_file',
            args: JSON.stringify({ file_path: 'output/main.md', content: 'Pineapple!' }),
          },
        ],
      },
      { calls: [{ id: 'call_c', name: 'workspace_commit', args: '{"finish":true}' }] },
    ])
    // Three model turns are allowed: the conversation's own agent messages are not turns of this run.
    const result = await fx.run({
      prompt: 'What is my favourite fruit?',
      scope: 'chat',
      conversation,
      profile: { ...bypass, tools: { maxRounds: 3 } },
    })
    expect(result).toMatchObject({ status: 'completed', text: 'Pineapple!' })
    const first = wireHistory(fx.server.requests[0]!, format)
    const texts = first.map((m) => m.text ?? '').join('\n')
    expect(texts).toContain('Message 29.')
    expect(texts).toContain('Message 10.')
    expect(texts).not.toContain('pineapple')
    expect(first.at(-1)).toMatchObject({ role: 'user', text: 'What is my favourite fruit?' })
    const found = wireHistory(fx.server.requests[1]!, format).flatMap((m) => m.results ?? [])
    expect(found[0]?.content).toContain('pineapple')
    expect(found[0]?.content).toContain('[2]')
  })

  it('refuses a finishing commit that is not the last call of its turn, recoverably', async () => {
    const fx = await agentFixture(format, [
      {
        calls: [
          {
            id: 'call_w',
            name: 'workspace_write_file',
            args: JSON.stringify({ file_path: 'output/main.md', content: 'Four.' }),
          },
          { id: 'call_c', name: 'workspace_commit', args: '{"finish":true}' },
          { id: 'call_d', name: 'dice_roll', args: '{"formula":"1d4"}' },
        ],
      },
      { calls: [{ id: 'call_c2', name: 'workspace_commit', args: '{"finish":true}' }] },
    ])
    const result = await fx.run({
      prompt: 'Roll a d4 and tell me.',
      scope: 'chat',
      profile: { permissions: { allow: ['builtin:workspace.write_file'] } },
    })
    expect(result).toMatchObject({ status: 'completed', text: 'Four.', replies: ['Four.'] })
    const results = wireHistory(fx.server.requests[1]!, format).flatMap((m) => m.results ?? [])
    expect(results.map((r) => [r.id, r.isError === true])).toEqual([
      ['call_w', false],
      ['call_c', true],
      ['call_d', false],
    ])
    expect(results[1]?.content).toContain('workspace_commit')
  })

  it("sends the profile's provider options and replays thinking with its signature", async () => {
    const fx = await agentFixture(format, [
      { reasoning: 'I should roll.', calls: [{ id: 'call_r', name: 'dice_roll', args: '{"formula":"1d1"}' }] },
      { text: 'One.' },
    ])
    const providerOptions =
      format === 'anthropic'
        ? { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } }
        : { openai: { user: 'ada' } }
    const result = await fx.run({
      prompt: 'Roll.',
      profile: { ...bypass, agent: { providerOptions, maxOutputTokens: 2048 } },
    })
    expect(result.status).toBe('completed')
    const [first, second] = fx.server.requests
    if (format === 'anthropic') {
      expect(first?.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 1024 } })
      const assistant = (second?.body.messages as { role: string; content: { type: string }[] }[]).find(
        (m) => m.role === 'assistant',
      )
      expect(assistant?.content[0]).toEqual({ type: 'thinking', thinking: 'I should roll.', signature: 'sig' })
    } else {
      expect(first?.body).toMatchObject({ user: 'ada', max_tokens: 2048 })
    }
  })

  it('places result images where the protocol accepts them', async () => {
    const fx = await agentFixture(format, [
      { calls: [{ id: 'call_img', name: 'camera', args: '{}' }] },
      { text: 'A red square.' },
    ])
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer()
    fx.host.extensions.register(
      {
        extensionId: 'cam',
        name: 'camera',
        description: 'Take a picture.',
        contexts: ['session'],
        inputSchema: { type: 'object' },
        returnsImages: true,
      },
      async (_args, ctx) => {
        ctx.attachImage(png, 'image/png')
        return 'Picture taken.'
      },
    )
    const result = await fx.run({
      prompt: 'What do you see?',
      profile: { ...bypass, tools: { allow: ['builtin:*', 'extension/cam:*'] } },
    })
    expect(result.status).toBe('completed')
    const history = wireHistory(fx.server.requests[1]!, format)
    const toolMessage = history.findIndex((m) => (m.results ?? []).some((r) => r.id === 'call_img'))
    if (format === 'anthropic') {
      // Anthropic takes images inside the tool result (the result and any following user text share one user turn).
      expect(history[toolMessage]?.images).toBe(1)
    } else {
      // Chat Completions cannot: the image follows in a user message right after the results.
      expect(history[toolMessage]?.images).toBeUndefined()
      expect(history[toolMessage + 1]).toMatchObject({ role: 'user', images: 1 })
    }
  })

  it('retries a retryable model error and reports it', async () => {
    const fx = await agentFixture(format, [{ status: 503 }, { text: 'Here.' }])
    const result = await fx.run({ prompt: 'Hi.', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', text: 'Here.' })
    expect(fx.server.requests).toHaveLength(2)
    expect(fx.events.filter((e) => e.type === 'model-retry')).toHaveLength(1)
  })

  it('fails a chat run whose model never publishes, after the drift allowance', async () => {
    const fx = await agentFixture(format, [{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }])
    const result = await fx.run({
      prompt: 'Hi.',
      scope: 'chat',
      profile: { ...bypass, agent: { maxDriftAttempts: 2 } },
    })
    expect(result.status).toBe('failed')
    expect(result.reason).toContain('2 reminders')
    expect(fx.server.requests).toHaveLength(3)
    expect(fx.host.store().getRun(result.runId)?.status).toBe('failed')
  })

  it('ends cancelled when the run is aborted mid-stream', async () => {
    const fx = await agentFixture(format, [{ hang: true }])
    const controller = new AbortController()
    const running = fx.run({ prompt: 'Hi.', profile: bypass, signal: controller.signal })
    await until(() => fx.server.requests.length === 1)
    controller.abort()
    const result = await running
    expect(result.status).toBe('cancelled')
    expect(fx.host.store().getRun(result.runId)?.status).toBe('cancelled')
  })

  it('compacts the history near the context window: older turns are summarized, recent ones kept', async () => {
    const fx = await agentFixture(
      format,
      {
        main: [
          { calls: [{ id: 'call_1', name: 'workspace_read_file', args: '{"file_path":"big-1.txt"}' }] },
          { calls: [{ id: 'call_2', name: 'workspace_read_file', args: '{"file_path":"big-2.txt"}' }] },
          { calls: [{ id: 'call_3', name: 'workspace_read_file', args: '{"file_path":"big-3.txt"}' }] },
          { text: 'Read them all.' },
        ],
        summary: [
          { text: 'SUMMARY: read big-1 and big-2; they hold lines of x.' },
          { text: 'SUMMARY: read three files of x.' },
        ],
      },
      { script: { route: (request) => (request.body.tools === undefined ? 'summary' : 'main') } },
    )
    for (const n of [1, 2, 3])
      writeFileSync(join(fx.projectDir, `big-${n}.txt`), `${`file ${n} `.repeat(10)}\n${'x'.repeat(70)}\n`.repeat(60))
    const result = await fx.run({
      prompt: 'Read the three files.',
      profile: { ...bypass, agent: { compactAt: 0.5, keepRecentTokens: 500 } },
      contextTokens: 6_000,
    })
    expect(result).toMatchObject({ status: 'completed', text: 'Read them all.' })
    const compactions = fx.host.store().runEvents(result.runId, { type: 'compacted' })
    expect(compactions.length).toBeGreaterThanOrEqual(1)
    const summaryRequest = fx.server.requests.find((request) => request.body.tools === undefined)
    expect(summaryRequest).toBeDefined()
    const afterSummary = fx.server.requests.filter((request) => request.body.tools !== undefined).at(-1)!
    const history = wireHistory(afterSummary, format)
    const text = history.map((m) => m.text ?? '').join('\n')
    expect(text).toContain('SUMMARY:')
    // The first file's result left with its turn; the latest call is still paired with its result.
    expect(history.flatMap((m) => m.results ?? []).map((r) => r.id)).not.toContain('call_1')
    expect(history.flatMap((m) => m.results ?? []).map((r) => r.id)).toContain('call_3')
  })

  it('delegates to a callable agent, awaits it, and reads its returned result', async () => {
    const fx = await agentFixture(
      format,
      {
        main: [
          {
            calls: [
              {
                id: 'call_d',
                name: 'agent_delegate',
                args: JSON.stringify({ agentId: 'researcher', task: { objective: 'Find the magic number.' } }),
              },
            ],
          },
          { calls: [{ id: 'call_w', name: 'agent_await', args: '{"mode":"all"}' }] },
          { text: 'The researcher says 7.' },
        ],
        child: [
          {
            calls: [
              {
                id: 'call_r',
                name: 'task_return',
                args: JSON.stringify({ summary: 'The magic number is 7.', status: 'completed' }),
              },
            ],
          },
        ],
      },
      {
        profiles: {
          researcher: {
            agent: { callable: true, description: 'Finds facts.', systemPrompt: 'You are the researcher.' },
            ...bypass,
          },
        },
        script: {
          route: (request) => (JSON.stringify(request.body).includes('You are the researcher.') ? 'child' : 'main'),
        },
      },
    )
    const result = await fx.run({ prompt: 'What is the magic number?', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', text: 'The researcher says 7.' })
    const childRequest = fx.server.requests.find((request) =>
      JSON.stringify(request.body).includes('You are the researcher.'),
    )!
    expect(offeredTools(childRequest, format)).toContain('task_return')
    expect(offeredTools(childRequest, format)).not.toContain('agent_delegate')
    expect(wireHistory(childRequest, format).find((m) => m.role === 'user')?.text).toContain('Find the magic number.')
    const mainFirst = wireHistory(fx.server.requests[0]!, format)
    expect(mainFirst[0]?.text).toContain('researcher')
    expect(mainFirst[0]?.text).toContain('Finds facts.')
    const last = wireHistory(fx.server.requests.at(-1)!, format)
    const awaitResult = last.flatMap((m) => m.results ?? []).find((r) => r.id === 'call_w')
    expect(awaitResult?.content).toContain('The magic number is 7.')
    const kinds = fx.host
      .store()
      .runEvents(result.runId)
      .map((event) => event.type)
    expect(kinds).toEqual(expect.arrayContaining(['child_started', 'child_ended']))
  })

  it('refuses delegation to an unknown agent with the valid targets, recoverably', async () => {
    const fx = await agentFixture(
      format,
      [
        {
          calls: [
            {
              id: 'call_d',
              name: 'agent_delegate',
              args: JSON.stringify({ agentId: 'nobody', task: { objective: 'x' } }),
            },
          ],
        },
        { text: 'ok' },
      ],
      { profiles: { researcher: { agent: { callable: true, description: 'Finds facts.' } } } },
    )
    const result = await fx.run({ prompt: 'Delegate.', profile: bypass })
    expect(result.status).toBe('completed')
    const results = wireHistory(fx.server.requests[1]!, format).flatMap((m) => m.results ?? [])
    expect(results[0]?.content).toContain('researcher')
  })

  it('hands off control to another agent in the same run', async () => {
    const fx = await agentFixture(
      format,
      [
        {
          text: 'Passing you on.',
          calls: [
            {
              id: 'call_h',
              name: 'agent_handoff',
              args: JSON.stringify({ agentId: 'billing', message: 'Customer asks about invoice 12.' }),
            },
          ],
        },
        { text: 'Invoice 12 is paid.' },
      ],
      {
        profiles: {
          billing: { agent: { callable: true, description: 'Billing questions.', systemPrompt: 'You are billing.' } },
        },
      },
    )
    const result = await fx.run({ prompt: 'Is invoice 12 paid?', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', text: 'Invoice 12 is paid.' })
    const second = wireHistory(fx.server.requests[1]!, format)
    expect(second[0]?.text).toContain('You are billing.')
    const userTexts = second
      .filter((m) => m.role === 'user')
      .map((m) => m.text ?? '')
      .join('\n')
    expect(userTexts).toContain('Is invoice 12 paid?')
    expect(userTexts).toContain('Customer asks about invoice 12.')
    const invocations = fx.host.store().invocationsOf(result.runId)
    expect(invocations).toHaveLength(2)
    expect(fx.host.store().runEvents(result.runId, { type: 'handoff' })[0]?.data).toMatchObject({ to: 'billing' })
  })

  it('lists visible skills once in the system prompt and mounts them read-only', async () => {
    const skillsDir = tempDir('toolhost-skills-')
    mkdirSync(join(skillsDir, 'release-notes'))
    writeFileSync(
      join(skillsDir, 'release-notes', 'SKILL.md'),
      '---\nname: release-notes\ndescription: Write release notes from commits.\n---\nGroup changes by kind.\n',
    )
    mkdirSync(join(skillsDir, 'secret-skill'))
    writeFileSync(
      join(skillsDir, 'secret-skill', 'SKILL.md'),
      '---\nname: secret-skill\ndescription: Hidden.\n---\nnope\n',
    )
    const fx = await agentFixture(
      format,
      [
        {
          calls: [
            { id: 'call_s', name: 'workspace_read_file', args: '{"file_path":"skills/release-notes/SKILL.md"}' },
            { id: 'call_x', name: 'workspace_read_file', args: '{"file_path":"skills/secret-skill/SKILL.md"}' },
            {
              id: 'call_w',
              name: 'workspace_write_file',
              args: '{"file_path":"skills/release-notes/extra.md","content":"x"}',
            },
          ],
        },
        { text: 'Grouped.' },
      ],
      { host: { skillsDir } },
    )
    const result = await fx.run({
      prompt: 'Write release notes.',
      profile: { ...bypass, skills: { deny: ['secret-*'] } },
    })
    expect(result.status).toBe('completed')
    const system = wireHistory(fx.server.requests[0]!, format)[0]?.text ?? ''
    expect(system).toContain('release-notes')
    expect(system).toContain('Write release notes from commits.')
    expect(system).toContain('skills/release-notes/SKILL.md')
    expect(system.split('release-notes/SKILL.md').length).toBe(2)
    expect(system).not.toContain('secret-skill')
    const results = wireHistory(fx.server.requests[1]!, format).flatMap((m) => m.results ?? [])
    expect(results[0]?.content).toContain('Group changes by kind.')
    expect(results[1]?.content).not.toContain('nope')
    expect(results[2]?.content).toMatch(/read-only|read only/i)
  })
})

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25))
  if (!check()) throw new Error('timed out waiting')
}

describe("compaction and the provider's token counts", () => {
  const run = async (toolTokens: number) => {
    const fx = await agentFixture(
      'openai-chat',
      {
        main: [1, 2, 3]
          .map((n) => ({
            calls: [{ id: `call_${n}`, name: 'workspace_read_file', args: `{"file_path":"big-${n}.txt"}` }],
          }))
          .concat([{ text: 'Read them all.' } as never]),
        summary: [{ text: 'SUMMARY: files of x.' }, { text: 'SUMMARY: more files of x.' }],
      },
      {
        script: {
          route: (request) => (request.body.tools === undefined ? 'summary' : 'main'),
          inputTokens: (request) => toolTokens + Math.ceil(JSON.stringify(request.body.messages).length / 4),
        },
      },
    )
    for (const n of [1, 2, 3])
      writeFileSync(join(fx.projectDir, `big-${n}.txt`), `${`file ${n} `.repeat(10)}\n${'x'.repeat(70)}\n`.repeat(60))
    const result = await fx.run({
      prompt: 'Read the three files.',
      profile: { ...bypass, agent: { compactAt: 0.5, keepRecentTokens: 500 } },
      contextTokens: 20_000,
    })
    expect(result.status).toBe('completed')
    return fx.host.store().runEvents(result.runId, { type: 'compacted' }).length
  }

  it('counts what the provider reports beyond the messages (tool definitions) as taken room', async () => {
    expect(await run(0)).toBe(0)
    expect(await run(6_000)).toBeGreaterThanOrEqual(1)
  })
})

import { describe, expect, it } from 'vitest'
import type { AgentEvent } from '../../agent/loop/agent-events.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { ApprovalRequest } from '../../permissions/approvals/approval-request.js'
import { chatReducer, collapsedLines, previewLines, type ChatAction } from './chat-reducer.js'
import { initialChatState, type ChatItem, type ChatState, type ToolItem } from './chat-state.js'

const start = initialChatState({ model: 'openai:gpt-4.1', mode: 'default' })

function run(state: ChatState, ...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, state)
}

function event(value: AgentEvent, now = 0, patch?: string): ChatAction {
  return { type: 'event', event: value, now, ...(patch !== undefined && { patch }) }
}

const delta = (text: string, agentId = 'main'): ChatAction => event({ type: 'text-delta', agentId, delta: text })

function call(callId: string, options: { title?: string; now?: number } = {}): ChatAction {
  return event(
    {
      type: 'tool-call',
      agentId: 'main',
      call: { callId, name: 'dice_roll', rawArguments: '{"formula":"1d6"}' },
      toolId: 'builtin:dice.roll',
      ...(options.title !== undefined && { title: options.title }),
    },
    options.now ?? 0,
  )
}

function result(
  callId: string,
  fields: Partial<AgentToolResult> & { summary?: string; now?: number; patch?: string } = {},
): ChatAction {
  const { summary, now, patch, ...rest } = fields
  return event(
    {
      type: 'tool-result',
      agentId: 'main',
      result: {
        callId,
        toolId: 'builtin:dice.roll',
        content: '4',
        isError: false,
        resourceRefs: [],
        images: [],
        ...rest,
      },
      ...(summary !== undefined && { summary }),
    },
    now ?? 0,
    patch,
  )
}

function request(id: string): ApprovalRequest {
  return {
    id,
    runId: 'run_1',
    invocationId: 'inv_1',
    callId: `call_${id}`,
    toolId: 'builtin:workspace.write_file',
    alias: 'workspace_write_file',
    input: {},
    inputText: '{}',
    reason: 'writes a file',
    alwaysRule: 'builtin:workspace.write_file(/a.txt)',
  }
}

const texts = (state: ChatState) =>
  state.settled.map((item) => ('text' in item ? `${item.kind}:${item.text}` : `${item.kind}:${item.id}`))

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n')

describe('chatReducer: the person', () => {
  it('prints a user message, starts the model and remembers its first line for the usage', () => {
    const state = run(start, { type: 'user-message', text: 'Hello\nmore', now: 1000 })
    expect(state.settled).toEqual([{ kind: 'user', id: 'i1', text: 'Hello\nmore' }])
    expect(state.status).toMatchObject({ activity: 'model', busySince: 1000 })
    expect(state.lastMessage).toBe('Hello')
    expect(state.nextId).toBe(2)
  })

  it('cuts a long first line for the usage at 60 characters', () => {
    const state = run(start, { type: 'user-message', text: 'x'.repeat(80), now: 0 })
    expect(state.lastMessage).toBe(`${'x'.repeat(59)}…`)
  })

  it('prints what streamed before a user message first', () => {
    const state = run(start, delta('partial answer'), { type: 'user-message', text: 'next', now: 0 })
    expect(texts(state)).toEqual(['assistant:partial answer', 'user:next'])
    expect(state.streaming).toBeUndefined()
  })

  it('adds notices, info unless told', () => {
    const state = run(start, { type: 'notice', text: 'hi' }, { type: 'notice', text: 'bad', tone: 'error' })
    expect(state.settled).toEqual([
      { kind: 'notice', id: 'i1', text: 'hi', tone: 'info' },
      { kind: 'notice', id: 'i2', text: 'bad', tone: 'error' },
    ])
  })

  it('re-numbers loaded items from its own counter', () => {
    const items: ChatItem[] = [
      { kind: 'user', id: 'old-7', text: 'a' },
      { kind: 'assistant', id: 'old-8', agentId: 'main', text: 'b' },
    ]
    const state = run(start, { type: 'notice', text: 'first' }, { type: 'items', items })
    expect(state.settled.map((item) => item.id)).toEqual(['i1', 'i2', 'i3'])
    expect(state.settled[1]).toEqual({ kind: 'user', id: 'i2', text: 'a' })
    expect(state.nextId).toBe(4)
  })

  it('merges a status change', () => {
    const state = run(start, { type: 'status', status: { mode: 'bypass', backgroundCommands: 2 } })
    expect(state.status).toMatchObject({ mode: 'bypass', backgroundCommands: 2, model: 'openai:gpt-4.1' })
  })

  it('clears the printed transcript and starts a new generation', () => {
    const state = run(
      start,
      call('c1'),
      result('c1', { content: lines(collapsedLines + 1) }),
      { type: 'notice', text: 'x' },
      { type: 'clear' },
    )
    expect(state.settled).toEqual([])
    expect(state.expandable).toEqual([])
    expect(state.generation).toBe(1)
    expect(run(state, { type: 'clear' }).generation).toBe(2)
  })
})

describe('chatReducer: streaming text', () => {
  it('prints complete Markdown blocks and keeps the unfinished one streaming', () => {
    const first = run(start, delta('# Title\n\nSome te'))
    expect(texts(first)).toEqual(['assistant:# Title'])
    expect(first.streaming).toEqual({ agentId: 'main', text: 'Some te' })
    expect(first.status.activity).toBe('model')
    const second = run(first, delta('xt\n\nNext'))
    expect(texts(second)).toEqual(['assistant:# Title', 'assistant:Some text'])
    expect(second.streaming).toEqual({ agentId: 'main', text: 'Next' })
  })

  it('keeps an open code fence streaming until it closes', () => {
    const open = run(start, delta('```js\nconst a = 1\n\n'))
    expect(open.settled).toEqual([])
    expect(open.streaming?.text).toBe('```js\nconst a = 1\n\n')
    const closed = run(open, delta('```\n'))
    expect(texts(closed)).toEqual(['assistant:```js\nconst a = 1\n\n```'])
    expect(closed.streaming).toBeUndefined()
  })

  it('ignores an empty delta', () => {
    const state = run(start, delta('a'))
    expect(chatReducer(state, delta(''))).toBe(state)
  })

  it('prints one agent’s text when another starts speaking', () => {
    const state = run(start, delta('from main'), delta('from child', 'child'))
    expect(state.settled).toEqual([{ kind: 'assistant', id: 'i1', agentId: 'main', text: 'from main' }])
    expect(state.streaming).toEqual({ agentId: 'child', text: 'from child' })
  })

  it('flushes the streaming text on a tool call, dropping trailing newlines and blank text', () => {
    const state = run(start, delta('Let me roll.\n\n'), call('c1'))
    expect(texts(state)).toEqual(['assistant:Let me roll.'])
    expect(state.streaming).toBeUndefined()
    const blank = run(start, delta('\n\n'), call('c1'))
    expect(blank.settled).toEqual([])
    expect(blank.streaming).toBeUndefined()
  })

  it('flushes the streaming text when the run ends', () => {
    const state = run(
      start,
      delta('The end'),
      event({ type: 'run-finished', runId: 'run_1', status: 'completed', reason: 'done' }),
    )
    expect(texts(state)).toEqual(['assistant:The end'])
    expect(state.streaming).toBeUndefined()
  })

  it('prints a reply event after what streamed', () => {
    const state = run(start, delta('so far'), event({ type: 'reply', agentId: 'main', text: 'Final.', path: 'p' }))
    expect(texts(state)).toEqual(['assistant:so far', 'assistant:Final.'])
  })
})

describe('chatReducer: tool calls', () => {
  it('shows a call as running, then settled with its result', () => {
    const running = run(start, call('c1', { title: 'Roll 1d6', now: 100 }))
    expect(running.running).toEqual([
      {
        kind: 'tool',
        id: 't1',
        callId: 'c1',
        agentId: 'main',
        alias: 'dice_roll',
        toolId: 'builtin:dice.roll',
        title: 'Roll 1d6',
        rawArguments: '{"formula":"1d6"}',
        startedAt: 100,
      },
    ])
    expect(running.status.activity).toBe('tools')
    expect(running.nextId).toBe(2)
    const settled = run(running, result('c1', { summary: 'rolled 4', now: 350 }))
    expect(settled.running).toEqual([])
    expect(settled.settled).toEqual([
      { ...running.running[0], result: { content: '4', isError: false, summary: 'rolled 4' }, endedAt: 350 },
    ])
    expect(settled.status.activity).toBe('model')
    expect(settled.nextId).toBe(2)
  })

  it('leaves a call without a title untitled', () => {
    expect(run(start, call('c1')).running[0]).not.toHaveProperty('title')
  })

  it('keeps the last progress a running call reported', () => {
    const state = run(
      start,
      call('c1'),
      call('c2'),
      event({
        type: 'tool-progress',
        agentId: 'main',
        callId: 'c1',
        toolId: 'builtin:dice.roll',
        alias: 'dice_roll',
        message: 'step',
        progress: 2,
        total: 5,
        elapsedMs: 10,
      }),
      event({
        type: 'tool-progress',
        agentId: 'main',
        callId: 'c2',
        toolId: 'builtin:dice.roll',
        alias: 'dice_roll',
        message: 'working',
        elapsedMs: 10,
      }),
    )
    expect(state.running.map((item) => item.progress)).toEqual([
      { message: 'step', progress: 2, total: 5 },
      { message: 'working' },
    ])
  })

  it('stays on tools while other calls run', () => {
    const state = run(start, call('c1'), call('c2'), result('c1'))
    expect(state.status.activity).toBe('tools')
    expect(state.running.map((item) => item.callId)).toEqual(['c2'])
  })

  it('keeps an error code', () => {
    const state = run(start, call('c1'), result('c1', { isError: true, errorCode: 'invalid_arguments', content: 'no' }))
    const item = state.settled[0] as ToolItem
    expect(item.result).toEqual({ content: 'no', isError: true, errorCode: 'invalid_arguments' })
  })

  it('takes a patch from the result’s structured changes, and the action’s patch over it', () => {
    const structured = { changes: { patch: '--- a\n+++ a\n' } }
    const fromResult = run(start, call('c1'), result('c1', { structured }))
    expect((fromResult.settled[0] as ToolItem).result?.patch).toBe('--- a\n+++ a\n')
    const fromAction = run(start, call('c1'), result('c1', { structured, patch: '--- b\n+++ b\n' }))
    expect((fromAction.settled[0] as ToolItem).result?.patch).toBe('--- b\n+++ b\n')
    const none = run(start, call('c1'), result('c1'))
    expect((none.settled[0] as ToolItem).result).not.toHaveProperty('patch')
  })

  it('settles a result without a call as its own item', () => {
    const state = run(start, result('c9', { now: 5, toolId: null }))
    expect(state.settled).toEqual([
      {
        kind: 'tool',
        id: 't1',
        callId: 'c9',
        agentId: 'main',
        alias: 'unknown tool',
        toolId: null,
        rawArguments: '',
        startedAt: 5,
        result: { content: '4', isError: false },
        endedAt: 5,
      },
    ])
    expect(state.nextId).toBe(2)
  })

  it(`makes output of more than ${collapsedLines} lines expandable, or more than ${previewLines} beside a summary`, () => {
    const at = (content: string, summary?: string) =>
      run(start, call('c1'), result('c1', { content, ...(summary !== undefined && { summary }) })).expandable
    expect(at(lines(collapsedLines))).toEqual([])
    expect(at(lines(collapsedLines + 1))).toEqual(['t1'])
    expect(at(lines(previewLines), 'done')).toEqual([])
    expect(at(lines(previewLines + 1), 'done')).toEqual(['t1'])
  })
})

describe('chatReducer: the model', () => {
  it('takes the run id and model when a run starts', () => {
    const state = run(start, event({ type: 'run-started', runId: 'run_9', model: 'anthropic:claude', resumed: false }))
    expect(state.status).toMatchObject({ runId: 'run_9', model: 'anthropic:claude', activity: 'model' })
  })

  it('shows thinking on reasoning and the model again when a call is sent', () => {
    const thinking = run(start, event({ type: 'reasoning-delta', agentId: 'main', delta: 'hmm' }))
    expect(thinking.status.activity).toBe('thinking')
    expect(chatReducer(thinking, event({ type: 'reasoning-delta', agentId: 'main', delta: 'more' }))).toBe(thinking)
    expect(chatReducer(thinking, event({ type: 'model-call', agentId: 'main', phase: 'responding' }))).toBe(thinking)
    const sent = run(thinking, event({ type: 'model-call', agentId: 'main', phase: 'sent' }))
    expect(sent.status.activity).toBe('model')
    expect(chatReducer(sent, event({ type: 'model-call', agentId: 'main', phase: 'sent' }))).toBe(sent)
  })

  it('adds up the tokens, keeps the context used and the tokens per message', () => {
    const state = run(
      start,
      { type: 'user-message', text: 'first', now: 0 },
      event({ type: 'model-usage', agentId: 'main', inputTokens: 1000, outputTokens: 50, contextTokens: 8000 }),
      event({ type: 'model-usage', agentId: 'main', inputTokens: 1200, outputTokens: 30, contextTokens: 8000 }),
      event({ type: 'model-usage', agentId: 'main', contextTokens: 16000 }),
    )
    expect(state.status).toMatchObject({
      inputTokens: 2200,
      outputTokens: 80,
      contextUsed: 1200,
      contextTokens: 16000,
      rounds: 3,
    })
    expect(state.usage).toEqual([
      { message: 'first', inputTokens: 1000, outputTokens: 50 },
      { message: 'first', inputTokens: 1200, outputTokens: 30 },
      { message: 'first' },
    ])
  })

  it('gives notices for retries, drift, compaction, handoffs, other agents and pauses', () => {
    const state = run(
      start,
      event({ type: 'model-retry', agentId: 'main', attempt: 2, error: 'HTTP 500', delayMs: 1500 }),
      event({ type: 'drift', agentId: 'main', attempt: 1, path: 'p' }),
      event({ type: 'compacted', agentId: 'main', tokensBefore: 9000, tokensAfter: 800 }),
      event({ type: 'handoff', from: 'main', to: 'reviewer' }),
      event({ type: 'invocation-started', invocationId: 'inv_1', agentId: 'main', mode: 'main' }),
      event({ type: 'invocation-started', invocationId: 'inv_2', agentId: 'helper', mode: 'child' }),
      event({ type: 'paused', invocationId: 'inv_1', approvalIds: ['apr_1', 'apr_2'] }),
    )
    expect(state.settled.map((item) => (item.kind === 'notice' ? [item.tone, item.text] : item.kind))).toEqual([
      ['warning', 'model error, retry 2 in 2 s: HTTP 500'],
      ['warning', 'the model answered without publishing; reminder 1'],
      ['info', 'history compacted: ~9000 → ~800 tokens'],
      ['info', 'handoff main → reviewer'],
      ['info', 'child agent helper started'],
      ['warning', 'waiting for approval: apr_1, apr_2'],
    ])
  })
})

describe('chatReducer: approvals', () => {
  it('waits for the person while approvals are asked, then goes back to the tools', () => {
    const asked = run(
      start,
      call('c1'),
      { type: 'approval-asked', approval: { request: request('apr_1'), patch: '--- a\n+++ a\n' } },
      { type: 'approval-asked', approval: { request: request('apr_2') } },
    )
    expect(asked.approvals.map((approval) => approval.request.id)).toEqual(['apr_1', 'apr_2'])
    expect(asked.approvals[0]?.patch).toBe('--- a\n+++ a\n')
    expect(asked.status.activity).toBe('approval')
    // A call made while a question waits does not hide the question.
    expect(run(asked, call('c2')).status.activity).toBe('approval')
    const one = run(asked, { type: 'approval-settled', requestId: 'apr_1' })
    expect(one.approvals.map((approval) => approval.request.id)).toEqual(['apr_2'])
    expect(one.status.activity).toBe('approval')
    const none = run(one, { type: 'approval-settled', requestId: 'apr_2' })
    expect(none.approvals).toEqual([])
    expect(none.status.activity).toBe('tools')
  })
})

describe('chatReducer: the end of a run', () => {
  const busy = run(start, { type: 'user-message', text: 'go', now: 10 }, call('c1'), {
    type: 'approval-asked',
    approval: { request: request('apr_1') },
  })

  it('is quiet when completed, and forgets the busy time and the questions', () => {
    const state = run(busy, event({ type: 'run-finished', runId: 'r', status: 'completed', reason: 'done' }))
    expect(state.status.activity).toBe('idle')
    expect(state.status).not.toHaveProperty('busySince')
    expect(state.approvals).toEqual([])
    expect(state.settled.filter((item) => item.kind === 'notice')).toEqual([])
  })

  it('cuts off running calls and says a cancelled run can go on', () => {
    const state = run(busy, event({ type: 'run-finished', runId: 'r', status: 'cancelled', reason: 'stopped' }))
    expect(state.running).toEqual([])
    const cut = state.settled.find((item) => item.kind === 'tool')
    expect(cut).toMatchObject({ callId: 'c1', result: { content: 'stopped', isError: true, errorCode: 'cancelled' } })
    expect(state.settled.at(-1)).toMatchObject({
      kind: 'notice',
      text: 'cancelled; send a message to go on',
      tone: 'warning',
    })
  })

  it('says why a run failed', () => {
    const state = run(busy, event({ type: 'run-finished', runId: 'r', status: 'failed', reason: 'HTTP 401' }))
    expect(state.settled.at(-1)).toMatchObject({ kind: 'notice', text: 'the run failed: HTTP 401', tone: 'error' })
  })
})

describe('chatReducer: expand', () => {
  const long = lines(collapsedLines + 3)
  const withOutput = run(
    start,
    call('c1', { title: 'Roll many' }),
    result('c1', { content: long }),
    call('c2'),
    result('c2', { content: `${long}\nlast` }),
  )

  it('shows the newest long output in full and takes it off the expandable list', () => {
    expect(withOutput.expandable).toEqual(['t1', 't2'])
    const state = run(withOutput, { type: 'expand' })
    expect(state.settled.at(-1)).toEqual({ kind: 'expanded', id: 'i3', title: 'dice_roll', text: `${long}\nlast` })
    expect(state.expandable).toEqual(['t1'])
    const older = run(state, { type: 'expand' })
    expect(older.settled.at(-1)).toMatchObject({ kind: 'expanded', title: 'Roll many', text: long })
    expect(older.expandable).toEqual([])
  })

  it('expands a named item', () => {
    const state = run(withOutput, { type: 'expand', itemId: 't1' })
    expect(state.settled.at(-1)).toMatchObject({ kind: 'expanded', title: 'Roll many' })
    expect(state.expandable).toEqual(['t2'])
  })

  it('says when there is nothing to expand', () => {
    for (const state of [
      run(start, { type: 'expand' }),
      run(withOutput, { type: 'expand', itemId: 'nope' }),
      run(withOutput, { type: 'clear' }, { type: 'expand' }),
    ])
      expect(state.settled.at(-1)).toMatchObject({
        kind: 'notice',
        text: 'nothing to expand: no long output in this chat yet',
        tone: 'info',
      })
  })
})

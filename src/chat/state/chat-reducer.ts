import type { AgentEvent } from '../../agent/loop/agent-events.js'
import { diffOfResult } from '../diff/call-diff.js'
import { splitStreamingMarkdown } from '../markdown/stream-split.js'
import type { ChatItem, ChatState, ChatStatus, NoticeTone, PendingApproval, ToolItem } from './chat-state.js'

/** Everything that changes a chat's state: the run's events and what the person does. */
export type ChatAction =
  /** A run's event; `patch` is what a file-changing call changed, when the chat worked it out. */
  | { readonly type: 'event'; readonly event: AgentEvent; readonly now: number; readonly patch?: string }
  | { readonly type: 'user-message'; readonly text: string; readonly now: number }
  | { readonly type: 'notice'; readonly text: string; readonly tone?: NoticeTone }
  | { readonly type: 'items'; readonly items: readonly ChatItem[] }
  | { readonly type: 'approval-asked'; readonly approval: PendingApproval }
  | { readonly type: 'approval-settled'; readonly requestId: string }
  | { readonly type: 'status'; readonly status: Partial<ChatStatus> }
  | { readonly type: 'expand'; readonly itemId?: string }
  | { readonly type: 'clear' }

/** Output longer than this many lines is shown cut, and can be expanded. */
export const collapsedLines = 8
/** The same beside a tool's own summary line. */
export const previewLines = 4

/**
 * The next state of a chat: the one place where its state changes (pure; `now` comes with the
 * action so tests and replays are exact).
 * @example state = chatReducer(state, { type: 'event', event, now: Date.now() })
 */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'event':
      return onEvent(state, action.event, action.now, action.patch)
    case 'user-message': {
      const flushed = flushStreaming(state)
      return {
        ...append(flushed, (id) => ({ kind: 'user', id, text: action.text })),
        status: { ...flushed.status, activity: 'model', busySince: action.now },
        lastMessage: firstLine(action.text),
      }
    }
    case 'notice':
      return append(state, (id) => ({ kind: 'notice', id, text: action.text, tone: action.tone ?? 'info' }))
    case 'items':
      return action.items.reduce(
        (next, item) => append(next, (id) => ({ ...item, id }) as ChatItem),
        flushStreaming(state),
      )
    case 'approval-asked':
      return {
        ...state,
        approvals: [...state.approvals, action.approval],
        status: { ...state.status, activity: 'approval' },
      }
    case 'approval-settled': {
      const approvals = state.approvals.filter((pending) => pending.request.id !== action.requestId)
      // The call goes on (or is refused) once its answer is in.
      return { ...state, approvals, status: { ...state.status, activity: approvals.length > 0 ? 'approval' : 'tools' } }
    }
    case 'status':
      return { ...state, status: { ...state.status, ...action.status } }
    case 'expand':
      return expand(state, action.itemId)
    case 'clear':
      return { ...state, settled: [], expandable: [], generation: state.generation + 1 }
  }
}

function onEvent(state: ChatState, event: AgentEvent, now: number, callPatch: string | undefined): ChatState {
  switch (event.type) {
    case 'run-started':
      return { ...state, status: { ...state.status, runId: event.runId, model: event.model, activity: 'model' } }
    case 'text-delta':
      return streamText(state, event.agentId, event.delta)
    case 'reasoning-delta':
      return state.status.activity === 'thinking' ? state : withActivity(state, 'thinking')
    case 'model-call':
      return event.phase === 'sent' ? withActivity(state, 'model') : state
    case 'tool-call': {
      const flushed = flushStreaming(state)
      const item: ToolItem = {
        kind: 'tool',
        id: `t${flushed.nextId}`,
        callId: event.call.callId,
        agentId: event.agentId,
        alias: event.call.name,
        toolId: event.toolId,
        ...(event.title !== undefined && { title: event.title }),
        rawArguments: event.call.rawArguments,
        startedAt: now,
      }
      return {
        ...flushed,
        running: [...flushed.running, item],
        nextId: flushed.nextId + 1,
        status: { ...flushed.status, activity: flushed.approvals.length > 0 ? 'approval' : 'tools' },
      }
    }
    case 'tool-progress':
      return {
        ...state,
        running: state.running.map((item) =>
          item.callId === event.callId
            ? {
                ...item,
                progress: {
                  message: event.message,
                  ...(event.progress !== undefined && { progress: event.progress }),
                  ...(event.total !== undefined && { total: event.total }),
                },
              }
            : item,
        ),
      }
    case 'tool-result': {
      const { result } = event
      const index = state.running.findIndex((item) => item.callId === result.callId)
      const running = index === -1 ? undefined : state.running[index]
      const patch = callPatch ?? diffOfResult(result)
      const ended: ToolItem = {
        ...(running ?? {
          kind: 'tool',
          id: `t${state.nextId}`,
          callId: result.callId,
          agentId: event.agentId,
          alias: result.toolId ?? 'unknown tool',
          toolId: result.toolId,
          rawArguments: '',
          startedAt: now,
        }),
        result: {
          content: result.content,
          isError: result.isError,
          ...(event.summary !== undefined && { summary: event.summary }),
          ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
          ...(patch !== undefined && { patch }),
        },
        endedAt: now,
      }
      const rest = state.running.filter((_, at) => at !== index)
      const long = moreLinesThan(result.content, event.summary === undefined ? collapsedLines : previewLines)
      return {
        ...state,
        settled: [...state.settled, ended],
        running: rest,
        nextId: running === undefined ? state.nextId + 1 : state.nextId,
        expandable: long ? [...state.expandable, ended.id] : state.expandable,
        status: { ...state.status, activity: rest.length > 0 ? 'tools' : 'model' },
      }
    }
    case 'model-usage': {
      const usage = {
        message: state.lastMessage ?? '',
        ...(event.inputTokens !== undefined && { inputTokens: event.inputTokens }),
        ...(event.outputTokens !== undefined && { outputTokens: event.outputTokens }),
      }
      return {
        ...state,
        usage: [...state.usage, usage],
        status: {
          ...state.status,
          inputTokens: state.status.inputTokens + (event.inputTokens ?? 0),
          outputTokens: state.status.outputTokens + (event.outputTokens ?? 0),
          ...(event.inputTokens !== undefined && { contextUsed: event.inputTokens }),
          contextTokens: event.contextTokens,
          rounds: state.status.rounds + 1,
        },
      }
    }
    case 'model-retry':
      return notice(
        state,
        `model error, retry ${event.attempt} in ${Math.round(event.delayMs / 1000)} s: ${event.error}`,
        'warning',
      )
    case 'reply':
      return append(flushStreaming(state), (id) => ({
        kind: 'assistant',
        id,
        agentId: event.agentId,
        text: event.text,
      }))
    case 'drift':
      return notice(state, `the model answered without publishing; reminder ${event.attempt}`, 'warning')
    case 'compacted':
      return notice(state, `history compacted: ~${event.tokensBefore} → ~${event.tokensAfter} tokens`, 'info')
    case 'handoff':
      return notice(state, `handoff ${event.from} → ${event.to}`, 'info')
    case 'invocation-started':
      return event.mode === 'main' ? state : notice(state, `${event.mode} agent ${event.agentId} started`, 'info')
    case 'paused':
      return notice(state, `waiting for approval: ${event.approvalIds.join(', ')}`, 'warning')
    case 'run-finished':
      return finish(state, event.status, event.reason)
  }
}

function streamText(state: ChatState, agentId: string, delta: string): ChatState {
  if (delta === '') return state
  const text = (state.streaming?.agentId === agentId ? state.streaming.text : '') + delta
  const base = state.streaming !== undefined && state.streaming.agentId !== agentId ? flushStreaming(state) : state
  const { done, pending } = splitStreamingMarkdown(text)
  const printed =
    done.trim() === ''
      ? base
      : append(base, (id) => ({ kind: 'assistant', id, agentId, text: done.replace(/\n+$/, '') }))
  const { streaming: _, ...rest } = printed
  return {
    ...rest,
    ...(pending !== '' && { streaming: { agentId, text: pending } }),
    status: { ...printed.status, activity: 'model' },
  }
}

/** Prints what streamed so far: a turn's text ends with its calls or with the run. */
function flushStreaming(state: ChatState): ChatState {
  if (state.streaming === undefined) return state
  const { streaming, ...rest } = state
  const text = streaming.text.replace(/\n+$/, '')
  return text.trim() === '' ? rest : append(rest, (id) => ({ kind: 'assistant', id, agentId: streaming.agentId, text }))
}

function finish(state: ChatState, status: string, reason: string): ChatState {
  const flushed = flushStreaming(state)
  // Calls still running when the run ended were cut off with it.
  const cut = flushed.running.map((item): ToolItem => ({
    ...item,
    result: { content: reason, isError: true, errorCode: 'cancelled' },
  }))
  const settled: ChatState = {
    ...flushed,
    settled: [...flushed.settled, ...cut],
    running: [],
    approvals: [],
    status: (({ busySince: _, ...rest }) => ({ ...rest, activity: 'idle' as const }))(flushed.status),
  }
  if (status === 'cancelled') return notice(settled, 'cancelled; send a message to go on', 'warning')
  if (status === 'failed') return notice(settled, `the run failed: ${reason}`, 'error')
  return settled
}

function expand(state: ChatState, itemId: string | undefined): ChatState {
  const id = itemId ?? state.expandable.at(-1)
  const item = state.settled.find((candidate) => candidate.id === id)
  if (item?.kind !== 'tool' || item.result === undefined)
    return notice(state, 'nothing to expand: no long output in this chat yet', 'info')
  return append({ ...state, expandable: state.expandable.filter((candidate) => candidate !== id) }, (newId) => ({
    kind: 'expanded',
    id: newId,
    title: item.title ?? item.alias,
    text: item.result?.content ?? '',
  }))
}

function notice(state: ChatState, text: string, tone: NoticeTone): ChatState {
  return append(state, (id) => ({ kind: 'notice', id, text, tone }))
}

function withActivity(state: ChatState, activity: ChatStatus['activity']): ChatState {
  return state.status.activity === activity ? state : { ...state, status: { ...state.status, activity } }
}

function append(state: ChatState, make: (id: string) => ChatItem): ChatState {
  return { ...state, settled: [...state.settled, make(`i${state.nextId}`)], nextId: state.nextId + 1 }
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? ''
  return line.length > 60 ? `${line.slice(0, 59)}…` : line
}

/** True when a text has more than `count` lines; stops looking once it knows. */
function moreLinesThan(text: string, count: number): boolean {
  let at = -1
  for (let seen = 0; seen < count; seen++) {
    at = text.indexOf('\n', at + 1)
    if (at === -1) return false
  }
  return at < text.length - 1
}

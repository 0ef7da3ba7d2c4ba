import type { StoredTranscriptEntry, Store } from '../../store/store.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { diffOfResult } from '../diff/call-diff.js'
import type { ChatItem, ToolItem } from '../state/chat-state.js'

/**
 * A stored run as the chat shows it: the transcripts of its main agent (and of the agents it
 * handed off to), in order. The person's messages become `user` items, the model's text
 * `assistant` items (and so do the replies it published, in chat scope), each call a `tool` item
 * with its result, a summary a notice; reminders the runtime sent the model are left out, and so
 * are sub-agents' transcripts. A call without a
 * recorded result (a turn paused on approval) has no `result`. Ids are `r1`, `r2`, … (the chat
 * numbers items anew when they are added).
 *
 * @example
 * dispatch({ type: 'items', items: transcriptItems(host.store(), runId) })
 */
export function transcriptItems(store: Store, runId: string): ChatItem[] {
  const items: ChatItem[] = []
  const handoffs = store.runEvents(runId, { type: 'handoff' })
  const replies = store.runEvents(runId, { type: 'reply' })
  const invocations = store
    .runEvents(runId, { type: 'invocation_started' })
    .filter((event) => event.data.mode !== 'child')
  invocations.forEach((event, index) => {
    const agentId = String(event.data.agentId)
    let entries = store.transcript(String(event.data.invocationId))
    if (event.data.mode === 'handoff') {
      // A handoff opens with the task again and the runtime's note to the next agent: shown as one line.
      const from = handoffs[index - 1]?.data.from ?? 'the agent'
      items.push({ kind: 'notice', id: '', text: `handoff ${from} → ${agentId}`, tone: 'info' })
      const opening = entries.findIndex((stored) => stored.entry.kind !== 'user')
      entries = opening === -1 ? [] : entries.slice(opening)
    }
    const published = replies
      .filter((reply) => reply.data.invocationId === event.data.invocationId)
      .map((reply) => ({ at: reply.at, text: reply.data.text }))
    addEntries(items, entries, agentId, published)
  })
  return items.map((item, index) => ({ ...item, id: `r${index + 1}` }))
}

/**
 * Adds one invocation's entries to `items`: each result goes into its call's item, and each reply
 * it published (chat scope) follows the entry it came with.
 */
function addEntries(
  items: ChatItem[],
  entries: readonly StoredTranscriptEntry[],
  agentId: string,
  replies: readonly { readonly at: number; readonly text: string }[],
): void {
  const calls = new Map<string, number>()
  let replied = 0
  const addReplies = (until: number) => {
    for (; replied < replies.length && (replies[replied]?.at ?? 0) < until; replied += 1)
      items.push({ kind: 'assistant', id: '', agentId, text: replies[replied]?.text ?? '' })
  }
  for (const { entry, at } of entries) {
    addReplies(at)
    switch (entry.kind) {
      case 'user':
        items.push({ kind: 'user', id: '', text: entry.text })
        break
      case 'assistant':
        if (entry.text.trim() !== '') items.push({ kind: 'assistant', id: '', agentId, text: entry.text.trim() })
        for (const call of entry.calls) {
          calls.set(call.callId, items.length)
          items.push({
            kind: 'tool',
            id: '',
            callId: call.callId,
            agentId,
            alias: call.name,
            toolId: null,
            rawArguments: call.rawArguments,
            startedAt: at,
          })
        }
        break
      case 'results':
        for (const result of entry.results) {
          const index = calls.get(result.callId)
          const call = index === undefined ? undefined : items[index]
          if (index !== undefined && call?.kind === 'tool') items[index] = withResult(call, result, at)
        }
        break
      case 'summary':
        items.push({ kind: 'notice', id: '', text: 'earlier turns summarized', tone: 'info' })
        break
      case 'reminder':
        break
    }
  }
  addReplies(Number.POSITIVE_INFINITY)
}

function withResult(call: ToolItem, result: AgentToolResult, at: number): ToolItem {
  const patch = diffOfResult(result)
  return {
    ...call,
    toolId: result.toolId,
    result: {
      content: result.content,
      isError: result.isError,
      ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
      ...(patch !== undefined && { patch }),
    },
    endedAt: at,
  }
}

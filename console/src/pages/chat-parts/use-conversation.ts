import { useCallback, useEffect, useRef, useState } from 'react'
import { api, ApiError } from '../../api.js'
import { messageOf } from '../shared-parts/use-load.js'

/** One message of a conversation. */
export interface ChatMessage {
  readonly seq: number
  readonly id: string
  readonly role: 'user' | 'assistant' | 'approval' | 'notice' | 'schedule' | 'code'
  readonly text: string
  /** Absent on messages that only arrived through the event stream so far. */
  readonly state?: string
  readonly runId?: string
  readonly at: number
}

/** Merges messages by seq: later copies (with state and run) replace earlier ones. */
export function mergeMessages(before: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const bySeq = new Map(before.map((m) => [m.seq, m]))
  for (const message of more) bySeq.set(message.seq, { ...bySeq.get(message.seq), ...message })
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq)
}

/** True while the daemon still works on a message. */
const working = (m: ChatMessage) =>
  (m.role === 'user' || m.role === 'schedule') && (m.state === 'pending' || m.state === 'running')

const pollMs = 1500

/**
 * The messages of a conversation: loaded, then followed live through its event stream; while an
 * inbound message is still being answered, its state and run are read again now and then (the
 * stream only carries new messages).
 *
 * @example
 * const chat = useConversation('console:web')
 */
export function useConversation(conversationId: string | undefined): {
  readonly messages: readonly ChatMessage[]
  readonly error: string | undefined
  readonly live: boolean
  readonly refresh: () => void
} {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [error, setError] = useState<string>()
  const [live, setLive] = useState(false)
  const generation = useRef(0)

  const refresh = useCallback(() => {
    if (conversationId === undefined) return
    const mine = generation.current
    api<{ messages: ChatMessage[] }>(
      `/api/conversations/${encodeURIComponent(conversationId)}/messages?limit=1000`,
    ).then(
      (body) => {
        if (generation.current !== mine) return
        setMessages((before) => mergeMessages(before, body.messages))
        setError(undefined)
      },
      (failure: unknown) => {
        // A console conversation that has no message yet does not exist until its first one.
        if (generation.current !== mine) return
        if (failure instanceof ApiError && failure.status === 404) return
        setError(messageOf(failure))
      },
    )
  }, [conversationId])

  useEffect(() => {
    generation.current += 1
    setMessages([])
    setError(undefined)
    setLive(false)
    if (conversationId === undefined) return
    refresh()
    const source = new EventSource(`/api/conversations/${encodeURIComponent(conversationId)}/events`, {
      withCredentials: true,
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    source.onopen = () => setLive(true)
    source.onerror = () => setLive(false)
    source.onmessage = (event: MessageEvent<string>) => {
      try {
        const message = JSON.parse(event.data) as ChatMessage
        setMessages((before) => mergeMessages(before, [message]))
      } catch {
        return
      }
      // The stream sends no state or run: read them soon after.
      clearTimeout(timer)
      timer = setTimeout(refresh, 300)
    }
    return () => {
      source.close()
      clearTimeout(timer)
    }
  }, [conversationId, refresh])

  const busy = messages.some(working)
  useEffect(() => {
    if (!busy) return
    const timer = setInterval(refresh, pollMs)
    return () => clearInterval(timer)
  }, [busy, refresh])

  return { messages, error, live, refresh }
}

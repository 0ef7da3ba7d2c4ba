import { useEffect, useId, useRef, useState } from 'react'
import { api } from '../api.js'
import { Link } from '../components/link.js'
import { LiveCalls } from './chat-parts/live-calls.js'
import { useConversation, type ChatMessage } from './chat-parts/use-conversation.js'
import { StatusBadge } from './shared-parts/status-badge.js'
import { formatTime, messageOf, useLoad } from './shared-parts/use-load.js'
import './pages.css'

interface ConversationEntry {
  readonly id: string
  readonly channel: string
  readonly chatId: string
  readonly messages: number
  readonly updatedAt: number
  readonly last?: { readonly role: string; readonly text: string; readonly at: number }
}

/** The conversation named in the address (`/chat?c=console:web`), if any. */
function conversationInAddress(): string | undefined {
  return new URLSearchParams(location.search).get('c') ?? undefined
}

/** A fresh name for a new console conversation. */
function freshChatId(): string {
  return `web-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

const roleWords: Record<ChatMessage['role'], string> = {
  user: 'You',
  assistant: 'Agent',
  approval: 'Approval',
  notice: 'Notice',
  schedule: 'Schedule',
  code: 'Code',
}

/** Chat with the daemon's agent: pick or start a conversation, send messages, watch replies and tool calls live. */
export function ChatPage() {
  const conversations = useLoad<{ conversations: ConversationEntry[] }>('/api/conversations')
  const [selected, setSelected] = useState<string | undefined>(conversationInAddress)
  const [newName, setNewName] = useState('')
  const [fresh] = useState(() => `console:${freshChatId()}`)

  const pick = (id: string) => {
    setSelected(id)
    history.replaceState(null, '', `/chat?c=${encodeURIComponent(id)}`)
  }

  const list = conversations.data?.conversations ?? []
  // Without one in the address: the latest conversation, or a new console one when there is none.
  const shown = selected ?? (conversations.data === undefined ? undefined : (list[0]?.id ?? fresh))
  return (
    <section className="page pg-page" aria-labelledby="chat-title">
      <header className="pg-head">
        <h1 id="chat-title">Chat</h1>
        <button type="button" onClick={conversations.reload} disabled={conversations.loading}>
          Refresh
        </button>
      </header>
      {conversations.error !== undefined && (
        <p role="alert" className="pg-error">
          {conversations.error}
        </p>
      )}
      <div className="ch-layout">
        <nav aria-label="Conversations" className="ch-list">
          <form
            className="pg-form"
            onSubmit={(event) => {
              event.preventDefault()
              const name = newName.trim().replace(/^console:/, '')
              pick(`console:${name === '' ? freshChatId() : name}`)
              setNewName('')
            }}
          >
            <label>
              New conversation (name, optional)
              <input
                value={newName}
                onChange={(e) => setNewName(e.target.value)}
                pattern="[^\s:]*"
                autoComplete="off"
              />
            </label>
            <div>
              <button type="submit">Start</button>
            </div>
          </form>
          <ul className="pg-cards">
            {list.map((conversation) => (
              <li key={conversation.id}>
                <button
                  type="button"
                  className="pf-pick"
                  aria-current={shown === conversation.id ? 'true' : undefined}
                  onClick={() => pick(conversation.id)}
                >
                  <strong className="pg-id">{conversation.id}</strong>
                  {conversation.last !== undefined && (
                    <span className="pg-small pg-muted ch-last">{conversation.last.text}</span>
                  )}
                  <span className="pg-small pg-muted">
                    {conversation.messages} message{conversation.messages === 1 ? '' : 's'} ·{' '}
                    {formatTime(conversation.last?.at ?? conversation.updatedAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {conversations.data !== undefined && list.length === 0 && <p className="pg-muted">No conversations yet.</p>}
        </nav>
        {shown === undefined ? (
          <p className="pg-muted">Loading conversations…</p>
        ) : (
          <Conversation key={shown} conversationId={shown} onSent={conversations.reload} />
        )}
      </div>
    </section>
  )
}

function Conversation({ conversationId, onSent }: { readonly conversationId: string; readonly onSent: () => void }) {
  const id = useId()
  const { messages, error, live, refresh } = useConversation(conversationId)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<string>()
  const log = useRef<HTMLOListElement>(null)
  const writable = conversationId.startsWith('console:')

  useEffect(() => {
    const element = log.current
    if (element !== null) element.scrollTop = element.scrollHeight
  }, [messages.length])

  // The calls shown live are those of the latest run; older runs are a link away.
  const latestRun = [...messages].reverse().find((m) => m.runId !== undefined)?.runId

  const send = async () => {
    const body = text.trim()
    if (body === '' || sending) return
    setSending(true)
    setSendError(undefined)
    try {
      await api(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
        method: 'POST',
        body: { text: body },
      })
      setText('')
      refresh()
      onSent()
    } catch (failure) {
      setSendError(messageOf(failure))
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="ch-conversation">
      <h2 className="pg-row">
        <span className="pg-id">{conversationId}</span>
        <span className="pg-small pg-muted">{live ? 'live' : 'connecting…'}</span>
      </h2>
      {error !== undefined && (
        <p role="alert" className="pg-error">
          {error}
        </p>
      )}
      <ol
        ref={log}
        className="ch-log"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Messages"
        tabIndex={0}
      >
        {messages.length === 0 && <li className="pg-muted">No messages yet.</li>}
        {messages.map((message) => (
          <li key={message.seq} className={`ch-msg ch-${message.role}`}>
            <div className="pg-row pg-small">
              <strong>{roleWords[message.role]}</strong>
              <span className="pg-muted">{new Date(message.at).toLocaleTimeString()}</span>
              {message.state !== undefined && message.state !== 'sent' && message.state !== 'answered' && (
                <StatusBadge status={message.state} />
              )}
              {message.runId !== undefined && message.runId !== latestRun && (
                <Link href={`/runs/${encodeURIComponent(message.runId)}`}>run</Link>
              )}
            </div>
            <div className="ch-text">{message.text}</div>
            {message.runId !== undefined &&
              message.runId === latestRun &&
              (message.role === 'user' || message.role === 'schedule') && <LiveCalls runId={message.runId} />}
          </li>
        ))}
      </ol>
      {writable ? (
        <form
          className="ch-compose"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <label htmlFor={`${id}-text`} className="pg-sr">
            Message
          </label>
          <textarea
            id={`${id}-text`}
            value={text}
            rows={2}
            placeholder="Message (Enter sends, Shift+Enter breaks the line)"
            aria-describedby={`${id}-error`}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault()
                void send()
              }
            }}
          />
          <button type="submit" className="button-primary" disabled={sending || text.trim() === ''}>
            {sending ? 'Sending…' : 'Send'}
          </button>
          <p id={`${id}-error`} role="alert" className="pg-error ch-error">
            {sendError}
          </p>
        </form>
      ) : (
        <p className="pg-muted pg-small">
          This conversation belongs to another channel: the console reads it but cannot write to it.
        </p>
      )}
    </div>
  )
}

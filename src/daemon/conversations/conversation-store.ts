import { EventEmitter } from 'node:events'
import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { ConversationMessage } from '../../channels/channel.js'
import type { Store } from '../../store/store.js'
import { newId } from '../bus/bus-message.js'

/** A chat of a channel, as the daemon keeps it. */
export interface Conversation {
  /** `<channel>:<chat id>`. */
  readonly id: string
  readonly channel: string
  readonly chatId: string
  /** What the channel needs to answer there (a callback URL…). */
  readonly address: Readonly<Record<string, unknown>>
  /** Whose memories the agent uses. */
  readonly owner: string
}

/** What the earlier part of a conversation is condensed to: its messages up to `seq`. */
export interface ConversationSummary {
  readonly text: string
  /** The last message the summary covers. */
  readonly seq: number
}

/** Roles of conversation messages: inbound (`user`, `schedule`, `code`) and outbound (the rest). */
export type MessageRole = ConversationMessage['role']

/** An inbound message's life: `pending` → `running` → `answered` | `failed`, or `paused` while a run waits for approval. */
export type InboundState = 'pending' | 'running' | 'paused' | 'answered' | 'failed'
/** An outbound message's life: `pending` → `sent`, or `failed` when delivery gave up. */
export type OutboundState = 'pending' | 'sent' | 'failed'

/** A stored message with everything the consumers need. */
export interface StoredMessage extends ConversationMessage {
  readonly conversationId: string
  readonly state: InboundState | OutboundState
  /** For outbound messages: the inbound message (or approval) they answer. */
  readonly sourceId: string | null
  readonly runId: string | null
  readonly correlationId: string
  readonly data: Readonly<Record<string, unknown>> | null
}

/** An outbound message to add to the outbox. */
export interface NewOutbound {
  readonly conversationId: string
  readonly role: 'assistant' | 'approval' | 'notice'
  readonly text: string
  /** What it answers: with `ordinal`, unique, so the same answer is never added twice. */
  readonly sourceId: string
  readonly ordinal?: number
  readonly correlationId: string
  readonly runId?: string
  readonly data?: Readonly<Record<string, unknown>>
}

/** How often a subscription looks for messages other processes added. */
const subscriptionPollMs = 250

const columns = 'seq, id, conversation_id, role, text, state, source_id, run_id, correlation_id, data, at'

/**
 * Conversations and their messages in the store: the inbox the LLM consumer works through in
 * order, and the outbox the send consumer delivers from. Listeners of a conversation hear each
 * message this process adds (the HTTP channel's event stream).
 */
export class ConversationStore {
  readonly #db: DatabaseSync
  readonly #store: Store
  readonly #events = new EventEmitter()

  constructor(store: Store) {
    this.#store = store
    this.#db = store.database
    this.#events.setMaxListeners(0)
  }

  /** The conversation of a chat, created on first use; a new non-empty address replaces the old one. */
  ensure(channel: string, chatId: string, address: Readonly<Record<string, unknown>> = {}): Conversation {
    const id = `${channel}:${chatId}`
    const now = Date.now()
    const owner = `user:${id}`
    this.#db
      .prepare(
        `INSERT INTO conversations (id, channel, chat_id, address, owner, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at,
           address = CASE WHEN excluded.address = '{}' THEN address ELSE excluded.address END`,
      )
      .run(id, channel, chatId, JSON.stringify(address), owner, now, now)
    return this.get(id) as Conversation
  }

  get(id: string): Conversation | undefined {
    const row = this.#db.prepare('SELECT id, channel, chat_id, address, owner FROM conversations WHERE id = ?').get(id)
    if (row === undefined) return undefined
    return {
      id: String(row.id),
      channel: String(row.channel),
      chatId: String(row.chat_id),
      address: JSON.parse(String(row.address)) as Record<string, unknown>,
      owner: String(row.owner),
    }
  }

  /**
   * Records an inbound message. With an `externalId` already recorded in the conversation, the
   * earlier message is returned (`duplicate: true`) and nothing is added.
   */
  addInbound(input: {
    readonly conversationId: string
    readonly role: 'user' | 'code'
    readonly text: string
    readonly externalId?: string
    readonly state?: InboundState
    readonly data?: Readonly<Record<string, unknown>>
  }): { readonly message: StoredMessage; readonly duplicate: boolean } {
    return this.#store.transaction(() => {
      if (input.externalId !== undefined) {
        const earlier = this.#one(
          'WHERE conversation_id = ? AND external_id = ?',
          input.conversationId,
          input.externalId,
        )
        if (earlier !== undefined) return { message: earlier, duplicate: true }
      }
      const message = this.#insert({
        conversationId: input.conversationId,
        role: input.role,
        text: input.text,
        state: input.state ?? 'pending',
        externalId: input.externalId ?? null,
        sourceId: null,
        ordinal: 0,
        correlationId: newId('cor'),
        runId: null,
        data: input.data ?? null,
      })
      return { message, duplicate: false }
    })
  }

  /**
   * Adds a message to the outbox, once: the same source and ordinal again returns the message
   * added the first time (`added: false`).
   */
  addOutbound(input: NewOutbound): { readonly message: StoredMessage; readonly added: boolean } {
    return this.#store.transaction(() => {
      const ordinal = input.ordinal ?? 0
      const earlier = this.#one('WHERE source_id = ? AND ordinal = ?', input.sourceId, ordinal)
      if (earlier !== undefined) return { message: earlier, added: false }
      const message = this.#insert({
        conversationId: input.conversationId,
        role: input.role,
        text: input.text,
        state: 'pending',
        externalId: null,
        sourceId: input.sourceId,
        ordinal,
        correlationId: input.correlationId,
        runId: input.runId ?? null,
        data: input.data ?? null,
      })
      return { message, added: true }
    })
  }

  message(id: string): StoredMessage | undefined {
    return this.#one('WHERE id = ?', id)
  }

  /** The outbound message that answers a source, if one was added. */
  outboundFor(sourceId: string, ordinal = 0): StoredMessage | undefined {
    return this.#one('WHERE source_id = ? AND ordinal = ?', sourceId, ordinal)
  }

  /** The first inbound message of a conversation the agent has not finished with, oldest first. */
  nextInbound(conversationId: string): StoredMessage | undefined {
    return this.#one(
      "WHERE conversation_id = ? AND role IN ('user', 'schedule') AND state IN ('pending', 'running', 'paused') ORDER BY seq LIMIT 1",
      conversationId,
    )
  }

  /** Conversations with inbound messages not finished, for the sweep that re-queues lost work. */
  unfinishedConversations(): readonly { readonly conversationId: string; readonly messageId: string }[] {
    return this.#db
      .prepare(
        `SELECT conversation_id, MIN(seq) AS seq, id FROM conversation_messages
         WHERE role IN ('user', 'schedule') AND state IN ('pending', 'running', 'paused') GROUP BY conversation_id`,
      )
      .all()
      .map((row) => ({ conversationId: String(row.conversation_id), messageId: String(row.id) }))
  }

  /** Outbound messages not delivered yet, oldest first. */
  undelivered(limit = 100): readonly StoredMessage[] {
    return this.#all(
      "WHERE role IN ('assistant', 'approval', 'notice') AND state = 'pending' ORDER BY seq LIMIT ?",
      limit,
    )
  }

  /** Sets a message's state (and the run it belongs to, when given). */
  setState(id: string, state: InboundState | OutboundState, fields: { runId?: string; error?: string } = {}): void {
    this.#db
      .prepare(
        'UPDATE conversation_messages SET state = ?, run_id = COALESCE(?, run_id), error = COALESCE(?, error), updated_at = ? WHERE id = ?',
      )
      .run(state, fields.runId ?? null, fields.error ?? null, Date.now(), id)
  }

  /** Removes the code from a delivered approval request: only its hash stays anywhere. */
  maskCode(id: string): void {
    const message = this.message(id)
    const code = message?.data?.code
    if (message === undefined || typeof code !== 'string') return
    this.#db
      .prepare('UPDATE conversation_messages SET text = ?, data = ?, updated_at = ? WHERE id = ?')
      .run(message.text.replaceAll(code, '••••••'), JSON.stringify({ ...message.data, code: '••••••' }), Date.now(), id)
  }

  /** A conversation's messages in order, after `afterSeq`. */
  messages(conversationId: string, afterSeq = 0, limit = 1000): readonly StoredMessage[] {
    return this.#all('WHERE conversation_id = ? AND seq > ? ORDER BY seq LIMIT ?', conversationId, afterSeq, limit)
  }

  /** The conversation as the agent sees it before message `beforeSeq`: what people said and what the agent answered. */
  history(conversationId: string, beforeSeq: number): readonly StoredMessage[] {
    return this.#all(
      "WHERE conversation_id = ? AND seq < ? AND role IN ('user', 'schedule', 'assistant') ORDER BY seq",
      conversationId,
      beforeSeq,
    )
  }

  /** The stored summary of a conversation's earlier messages, if one was made. */
  summary(conversationId: string): ConversationSummary | undefined {
    const row = this.#db
      .prepare('SELECT summary, summary_seq FROM conversations WHERE id = ? AND summary IS NOT NULL')
      .get(conversationId)
    return row === undefined ? undefined : { text: String(row.summary), seq: Number(row.summary_seq) }
  }

  /**
   * Stores a conversation's summary when it covers more than the stored one (a summary made
   * twice for the same messages, or an older one written late, changes nothing); true when stored.
   */
  setSummary(conversationId: string, summary: ConversationSummary): boolean {
    const result = this.#db
      .prepare(
        `UPDATE conversations SET summary = ?, summary_seq = ?, updated_at = ?
         WHERE id = ? AND (summary_seq IS NULL OR summary_seq < ?)`,
      )
      .run(summary.text, summary.seq, Date.now(), conversationId, summary.seq)
    return Number(result.changes) > 0
  }

  /** Code answers in a conversation since `since` (epoch ms), for the rate limit. */
  codeAttemptsSince(conversationId: string, since: number): number {
    const row = this.#db
      .prepare(
        "SELECT COUNT(*) AS n FROM conversation_messages WHERE conversation_id = ? AND role = 'code' AND at >= ?",
      )
      .get(conversationId, since)
    return Number(row?.n ?? 0)
  }

  /**
   * Hears every message added to a conversation from now on, in order — by this process at once,
   * by other daemon processes sharing the store within a poll interval; returns the unsubscribe.
   * Both paths read the store after the last message heard, so none is heard twice or skipped.
   */
  subscribe(conversationId: string, listener: (message: StoredMessage) => void): () => void {
    let last = Number(
      this.#db
        .prepare('SELECT MAX(seq) AS seq FROM conversation_messages WHERE conversation_id = ?')
        .get(conversationId)?.seq ?? 0,
    )
    const look = () => {
      try {
        for (const message of this.messages(conversationId, last)) {
          last = message.seq
          listener(message)
        }
      } catch {
        stop() // the store closed: nothing more will come
      }
    }
    const stop = () => {
      clearInterval(poll)
      this.#events.off(conversationId, look)
    }
    this.#events.on(conversationId, look)
    const poll = setInterval(look, subscriptionPollMs)
    poll.unref()
    return stop
  }

  #insert(row: {
    conversationId: string
    role: MessageRole
    text: string
    state: string
    externalId: string | null
    sourceId: string | null
    ordinal: number
    correlationId: string
    runId: string | null
    data: Readonly<Record<string, unknown>> | null
  }): StoredMessage {
    const now = Date.now()
    const inserted = this.#db
      .prepare(
        `INSERT INTO conversation_messages
         (id, conversation_id, role, text, state, source_id, ordinal, external_id, run_id, correlation_id, data, at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${columns}`,
      )
      .get(
        newId('msg'),
        row.conversationId,
        row.role,
        row.text,
        row.state,
        row.sourceId,
        row.ordinal,
        row.externalId,
        row.runId,
        row.correlationId,
        row.data === null ? null : JSON.stringify(row.data),
        now,
        now,
      )
    const message = toMessage(inserted as Record<string, SQLInputValue>)
    queueMicrotask(() => this.#events.emit(message.conversationId, message))
    return message
  }

  #one(where: string, ...params: SQLInputValue[]): StoredMessage | undefined {
    const row = this.#db.prepare(`SELECT ${columns} FROM conversation_messages ${where}`).get(...params)
    return row === undefined ? undefined : toMessage(row)
  }

  #all(where: string, ...params: SQLInputValue[]): StoredMessage[] {
    return this.#db
      .prepare(`SELECT ${columns} FROM conversation_messages ${where}`)
      .all(...params)
      .map(toMessage)
  }
}

function toMessage(row: Record<string, SQLInputValue>): StoredMessage {
  return {
    seq: Number(row.seq),
    id: String(row.id),
    conversationId: String(row.conversation_id),
    role: String(row.role) as MessageRole,
    text: String(row.text),
    state: String(row.state) as InboundState,
    sourceId: row.source_id === null ? null : String(row.source_id),
    runId: row.run_id === null ? null : String(row.run_id),
    correlationId: String(row.correlation_id),
    data: row.data === null ? null : (JSON.parse(String(row.data)) as Record<string, unknown>),
    at: Number(row.at),
  }
}

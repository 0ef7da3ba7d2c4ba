import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * A chat app bridge (DESIGN §14): it hands what people write to the daemon and delivers what the
 * daemon sends back. A bridge to another app is one file implementing {@link Channel}.
 *
 * @example
 * const echo: Channel = {
 *   name: 'echo',
 *   async start(host) { this.host = host },
 *   async send(message) { console.log(message.chatId, message.text) },
 *   async sendApprovalRequest(request) { console.log(request.chatId, request.text) },
 *   async stop() {},
 * }
 */
export interface Channel {
  /** Lower-case name, part of conversation ids (`<name>:<chat id>`) and routes (`/channels/<name>/…`). */
  readonly name: string
  /** Starts receiving (polling, a socket…); inbound messages go to `host.receive`. */
  start(host: ChannelHost): Promise<void>
  /**
   * Delivers a reply or a notice. Throw to have it retried with backoff; resolve only once the chat
   * app has it. The same `message.id` may come again after a crash: skip it if the app tells you so.
   */
  send(message: OutboundMessage): Promise<void>
  /** Delivers an approval request; `request.text` already says what will happen and how to answer with the code. */
  sendApprovalRequest(request: ApprovalPrompt): Promise<void>
  /**
   * Serves a request under `/channels/<name>/` on the daemon's HTTP listener (webhooks, an inbound
   * API). Resolve `false` to have it answered 404.
   */
  handleHttp?(request: IncomingMessage, response: ServerResponse, path: string): Promise<boolean>
  /** Stops receiving; messages in flight are finished or left for the next start. */
  stop(): Promise<void>
}

/** What the daemon gives its channels. */
export interface ChannelHost {
  /**
   * Records an inbound message durably and queues it for the agent; resolves with its id. A message
   * with an `externalId` seen before in the chat is not recorded again (`duplicate: true`).
   */
  receive(message: InboundMessage): Promise<{ readonly messageId: string; readonly duplicate: boolean }>
  /** A conversation's messages in order, after `afterSeq` when given. */
  messages(conversationId: string, afterSeq?: number): readonly ConversationMessage[]
  /** Calls `listener` with each message added to the conversation from now on; returns the unsubscribe. */
  subscribe(conversationId: string, listener: (message: ConversationMessage) => void): () => void
  /** The conversation id of a chat of this channel. */
  conversationId(chatId: string): string
  readonly log: ChannelLog
}

/** A message from a person. */
export interface InboundMessage {
  /** The chat within the channel (a Telegram chat id, the HTTP channel's conversation). */
  readonly chatId: string
  readonly text: string
  /** Who wrote it, as the app names them. */
  readonly sender?: { readonly id: string; readonly name?: string }
  /** The app's id of the message, so a webhook delivered twice is recorded once. */
  readonly externalId?: string
  /** What the channel needs to answer in this chat later (a callback URL…); kept with the conversation. */
  readonly address?: Readonly<Record<string, unknown>>
}

/** A message to deliver. */
export interface OutboundMessage {
  /** The outbox id: stable across redeliveries of the same message. */
  readonly id: string
  readonly conversationId: string
  readonly chatId: string
  readonly role: 'assistant' | 'notice'
  readonly text: string
  /** The conversation's address as its channel stored it. */
  readonly address: Readonly<Record<string, unknown>>
  readonly correlationId: string
}

/** An approval request to deliver: the exact call, why it asks, and the code that answers it. */
export interface ApprovalPrompt extends Omit<OutboundMessage, 'role'> {
  readonly role: 'approval'
  readonly approvalId: string
  /** Six digits; replying with it approves, `deny <code> [reason]` denies. */
  readonly code: string
  /** The tool's alias as the model called it. */
  readonly tool: string
  /** The tool's one-line description of the call, when it gave one. */
  readonly title?: string
  /** The input with control and bidi characters made visible. */
  readonly inputText: string
  readonly reason: string
  readonly rule?: string
  /** Epoch ms. */
  readonly expiresAt: number
}

/** A message of a conversation as channels show it. */
export interface ConversationMessage {
  readonly seq: number
  readonly id: string
  readonly role: 'user' | 'assistant' | 'approval' | 'notice' | 'schedule' | 'code'
  readonly text: string
  /** Epoch ms. */
  readonly at: number
}

/** Where channels log (the daemon's logger, with the correlation id when known). */
export interface ChannelLog {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void
  error(message: string, fields?: Readonly<Record<string, unknown>>): void
}

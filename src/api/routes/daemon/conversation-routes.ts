import { z } from 'zod'
import { openEventStream } from '../../../channels/http/event-stream.js'
import { channelHost } from '../../../daemon/channel-host.js'
import type { StoredMessage } from '../../../daemon/conversations/conversation-store.js'
import type { ApiContext } from '../../api-context.js'
import { ApiError, defineRoute } from '../../route.js'

/** The channel of conversations the console starts; its replies are read from the store. */
export const consoleChannel = 'console'

const conversationSchema = z.object({
  id: z.string().describe('`<channel>:<chat id>`'),
  channel: z.string(),
  chatId: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  messages: z.number().int(),
  last: z.object({ role: z.string(), text: z.string(), at: z.number() }).optional().describe('The latest message'),
})

const messageSchema = z.object({
  seq: z.number().int().describe('Position in the conversation; the SSE id'),
  id: z.string(),
  role: z.enum(['user', 'assistant', 'approval', 'notice', 'schedule', 'code']),
  text: z.string(),
  state: z.string().describe('Inbound: pending, running, paused, answered, failed; outbound: pending, sent, failed'),
  runId: z.string().optional(),
  at: z.number(),
})

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .describe('The conversation id, `<channel>:<chat id>`; a bare chat id means `console:<chat id>`'),
})

/** The full id: a bare chat id is one of the console's. */
function conversationIdOf(id: string): string {
  return id.includes(':') ? id : `${consoleChannel}:${id}`
}

function existing(ctx: ApiContext, id: string) {
  const conversation = ctx.daemon.conversations.get(conversationIdOf(id))
  if (conversation === undefined) throw new ApiError(404, `No conversation ${id}; GET /api/conversations lists them`)
  return conversation
}

function messageView(message: StoredMessage): z.input<typeof messageSchema> {
  return {
    seq: message.seq,
    id: message.id,
    role: message.role,
    text: message.text,
    state: message.state,
    ...(message.runId !== null && { runId: message.runId }),
    at: message.at,
  }
}

/** The daemon's conversations: the list, their messages, the console's chat into them, and their live messages. */
export const conversationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/conversations',
    tag: 'conversations',
    summary: 'Conversations of every channel, the latest active first',
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
    response: z.object({ conversations: z.array(conversationSchema) }),
    handle: async ({ query, ctx }) => {
      const rows = ctx.store.database
        .prepare(
          `SELECT c.id, c.channel, c.chat_id, c.created_at, c.updated_at,
             (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS messages,
             (SELECT MAX(m.at) FROM conversation_messages m WHERE m.conversation_id = c.id) AS last_at
           FROM conversations c ORDER BY COALESCE(last_at, c.updated_at) DESC, c.id LIMIT ?`,
        )
        .all(query.limit)
      const lastOf = ctx.store.database.prepare(
        'SELECT role, text, at FROM conversation_messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1',
      )
      return {
        body: {
          conversations: rows.map((row) => {
            const last = lastOf.get(String(row.id))
            return {
              id: String(row.id),
              channel: String(row.channel),
              chatId: String(row.chat_id),
              createdAt: Number(row.created_at),
              updatedAt: Number(row.updated_at),
              messages: Number(row.messages),
              ...(last !== undefined && {
                last: { role: String(last.role), text: String(last.text), at: Number(last.at) },
              }),
            }
          }),
        },
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/conversations/:id/messages',
    tag: 'conversations',
    summary: "A conversation's messages in order, after a position",
    params: idParams,
    query: z.object({
      after: z.coerce.number().int().min(0).default(0).describe('Only messages with a larger seq'),
      limit: z.coerce.number().int().min(1).max(1000).default(500),
    }),
    response: z.object({ conversationId: z.string(), messages: z.array(messageSchema) }),
    handle: async ({ params, query, ctx }) => {
      const conversation = existing(ctx, params.id)
      return {
        body: {
          conversationId: conversation.id,
          messages: ctx.daemon.conversations.messages(conversation.id, query.after, query.limit).map(messageView),
        },
      }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/conversations/:id/messages',
    tag: 'conversations',
    summary:
      'Says something in a console conversation (created on first use): the daemon answers it as any channel message (202; follow /events)',
    params: idParams,
    body: z.object({ text: z.string().trim().min(1).max(100_000) }),
    response: z.object({
      conversationId: z.string(),
      messageId: z.string(),
      duplicate: z.boolean().describe('True when the same message was already received'),
    }),
    handle: async ({ params, body, ctx }) => {
      const id = conversationIdOf(params.id)
      const chatId = id.slice(id.indexOf(':') + 1)
      if (!id.startsWith(`${consoleChannel}:`) || chatId === '')
        throw new ApiError(
          400,
          `Only console conversations (console:<name>) take messages from the console; ${id} belongs to another channel`,
        )
      const received = await channelHost(ctx.daemon, consoleChannel).receive({ chatId, text: body.text })
      return { status: 202, body: { conversationId: id, messageId: received.messageId, duplicate: received.duplicate } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/conversations/:id/events',
    tag: 'conversations',
    summary:
      "Server-sent events: a conversation's new messages as they are stored (`id` is the seq; Last-Event-ID sends the ones after it first)",
    params: idParams,
    streams: true,
    handle: async ({ params, ctx, req }) => {
      const id = conversationIdOf(params.id)
      // A console conversation may be followed before its first message.
      const conversation = id.startsWith(`${consoleChannel}:`) ? undefined : existing(ctx, id)
      const header = req.headers['last-event-id']
      const last = Number(Array.isArray(header) ? header[0] : header)
      const host = channelHost(ctx.daemon, conversation?.channel ?? consoleChannel)
      return {
        stream: (res) =>
          openEventStream(res, {
            host,
            conversationId: id,
            heartbeatMs: 15_000,
            ...(Number.isInteger(last) && last >= 0 && { lastSeq: last }),
          }),
      }
    },
  }),
]

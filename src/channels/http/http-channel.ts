import type { IncomingMessage, ServerResponse } from 'node:http'
import { bearerRefusal } from '../../mcp/server/bearer-token.js'
import { BodyTooLargeError, readLimitedJson } from '../../mcp/server/limited-body.js'
import { refuseHeaders } from '../../mcp/server/loopback.js'
import type { HostResolver } from '../../net/resolve-host.js'
import type { ApprovalPrompt, Channel, ChannelHost, OutboundMessage } from '../channel.js'
import { callbackRefusal } from './callback-url.js'
import { minimumSecretLength } from './channel-secret.js'
import { deliverWebhook } from './deliver-webhook.js'
import { messageView, openEventStream } from './event-stream.js'
import { replyError, replyJson } from './http-reply.js'
import { conversationIdPattern, describeBodyIssues, maxMessageBodyBytes, postMessageSchema } from './inbound-request.js'

/** Options of {@link httpChannel}. */
export interface HttpChannelOptions {
  /** The bearer token clients send, also the key that signs webhooks (see `newChannelSecret`). */
  readonly secret: string
  /** Where replies go for conversations that named no `callback`; none (readers poll or stream) when omitted. */
  readonly webhook?: string
  /** Lets callbacks reach loopback and private addresses (a receiver on the same machine or network). */
  readonly allowPrivateCallbacks?: boolean
  /** When given, requests whose `Host` or `Origin` is not one of these are refused (DNS rebinding). */
  readonly allowedHosts?: readonly string[]
  /** Milliseconds between heartbeats of event streams; 15 s when omitted. */
  readonly heartbeatMs?: number
  /** Name resolution for callback checks; the system resolver when omitted. */
  readonly resolve?: HostResolver
}

/** The channel name, in routes (`/channels/http/…`) and conversation ids (`http:<conversation>`). */
const name = 'http'

/**
 * The HTTP channel: clients POST messages with the channel's bearer secret and read replies by
 * polling, by a server-sent-events stream, or at a signed webhook.
 *
 * Routes, under `/channels/http`:
 * - `POST /messages` `{"conversation", "text", "callback"?, "id"?}` → `202 {"messageId", "duplicate": false}`;
 *   a message whose `id` was already received in the conversation is not recorded again and gets
 *   `200 {"messageId": <the first one's id>, "duplicate": true}`, so clients can retry safely.
 * - `GET /conversations/<id>/messages[?after=<seq>]` → `200 {"messages": [{seq, id, role, text, at}]}`
 *   (`at` in epoch ms; an unknown conversation has no messages).
 * - `GET /conversations/<id>/events` → server-sent events, one per new message (`id: <seq>`), resumed
 *   after `Last-Event-ID`.
 *
 * Replies are POSTed to the conversation's `callback` (or `webhook`) as JSON signed with
 * `X-Toolhost-Timestamp` and `X-Toolhost-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + body)>`
 * (see `webhookRefusal` for the receiver's check).
 * @throws Error when `secret` is shorter than 32 characters
 */
export function httpChannel(options: HttpChannelOptions): Channel {
  if (options.secret.length < minimumSecretLength)
    throw new Error(
      `The HTTP channel secret has ${options.secret.length} characters; use at least ${minimumSecretLength} (see newChannelSecret).`,
    )
  let host: ChannelHost | undefined
  const streams = new Set<() => void>()
  const policy = {
    allowPrivate: options.allowPrivateCallbacks ?? false,
    ...(options.resolve !== undefined && { resolve: options.resolve }),
  }

  const push = async (message: OutboundMessage | ApprovalPrompt, payload: Record<string, unknown>) => {
    const callback = typeof message.address['callback'] === 'string' ? message.address['callback'] : options.webhook
    if (callback === undefined) return
    await deliverWebhook(
      callback,
      { conversation: message.chatId, messageId: message.id, role: message.role, text: message.text, ...payload },
      { secret: options.secret, ...policy },
    )
  }

  const postMessage = async (current: ChannelHost, request: IncomingMessage, response: ServerResponse) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json')
      return replyError(response, 415, 'Send the message as JSON with "Content-Type: application/json".')
    let raw: unknown
    try {
      raw = await readLimitedJson(request, maxMessageBodyBytes)
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return replyError(
          response,
          413,
          `The body is over ${maxMessageBodyBytes} bytes; send at most 32000 characters of text per message.`,
          { connection: 'close' },
        )
      if (error instanceof SyntaxError)
        return replyError(response, 400, `The body is not valid JSON (${error.message}); send a JSON object.`)
      throw error
    }
    const parsed = postMessageSchema.safeParse(raw)
    if (!parsed.success) return replyError(response, 400, describeBodyIssues(parsed.error))
    const { conversation, text, callback, id } = parsed.data
    if (callback !== undefined) {
      const refusal = await callbackRefusal(callback, policy)
      if (refusal !== undefined) return replyError(response, 400, refusal)
    }
    const result = await current.receive({
      chatId: conversation,
      text,
      address: callback === undefined ? {} : { callback },
      ...(id !== undefined && { externalId: id }),
    })
    replyJson(response, result.duplicate ? 200 : 202, { messageId: result.messageId, duplicate: result.duplicate })
  }

  const getConversation = (
    current: ChannelHost,
    request: IncomingMessage,
    response: ServerResponse,
    chatId: string,
    what: 'messages' | 'events',
  ) => {
    const conversationId = current.conversationId(chatId)
    if (what === 'messages') {
      const after = new URL(request.url ?? '/', 'http://channel').searchParams.get('after')
      if (after !== null && !/^\d{1,15}$/.test(after))
        return replyError(response, 400, `"after" must be a message's seq (a whole number), not "${after}".`)
      const messages = current.messages(conversationId, after === null ? undefined : Number(after))
      return replyJson(response, 200, { messages: messages.map(messageView) })
    }
    const header = request.headers['last-event-id']
    const lastEventId = Array.isArray(header) ? header[0] : header
    if (lastEventId !== undefined && !/^\d{1,15}$/.test(lastEventId))
      return replyError(response, 400, `"Last-Event-ID" must be the id of an event received, not "${lastEventId}".`)
    const close = openEventStream(response, {
      host: current,
      conversationId,
      ...(lastEventId !== undefined && { lastSeq: Number(lastEventId) }),
      heartbeatMs: options.heartbeatMs ?? 15_000,
    })
    streams.add(close)
    response.once('close', () => streams.delete(close))
  }

  return {
    name,
    async start(channelHost) {
      host = channelHost
    },
    async send(message) {
      await push(message, { correlationId: message.correlationId })
    },
    async sendApprovalRequest(request) {
      await push(request, {
        correlationId: request.correlationId,
        approvalId: request.approvalId,
        code: request.code,
        tool: request.tool,
        input: request.inputText,
        reason: request.reason,
        ...(request.rule !== undefined && { rule: request.rule }),
        expiresAt: request.expiresAt,
      })
    },
    async handleHttp(request, response, path) {
      const route = matchRoute(path.split('?')[0] ?? '')
      if (route === undefined) return false
      if (options.allowedHosts !== undefined) {
        const refusal = refuseHeaders(request.headers.host, request.headers.origin, options.allowedHosts)
        if (refusal !== undefined) {
          replyError(response, 403, `${refusal}; use the address the daemon listens on.`)
          return true
        }
      }
      if (request.method !== route.method) {
        replyError(response, 405, `Use ${route.method} for this path.`, { allow: route.method })
        return true
      }
      if (bearerRefusal(request.headers.authorization, options.secret) !== undefined) {
        const sent = request.headers.authorization !== undefined
        replyError(
          response,
          401,
          sent
            ? 'The bearer token is not the HTTP channel secret; send the value of TOOLHOST_HTTP_CHANNEL_SECRET.'
            : 'Send the HTTP channel secret as "Authorization: Bearer <secret>".',
          { 'www-authenticate': 'Bearer' },
        )
        return true
      }
      if (host === undefined) {
        replyError(response, 503, 'The HTTP channel is not started; try again once the daemon is ready.')
        return true
      }
      if (route.kind === 'post') await postMessage(host, request, response)
      else if (!conversationIdPattern.test(route.chatId))
        replyError(response, 400, 'A conversation id is 1-128 characters of letters, digits, ".", "_", ":" or "-".')
      else getConversation(host, request, response, route.chatId, route.kind)
      return true
    },
    async stop() {
      for (const close of streams) close()
      streams.clear()
      host = undefined
    },
  }
}

type Route =
  | { readonly kind: 'post'; readonly method: 'POST' }
  | { readonly kind: 'messages' | 'events'; readonly method: 'GET'; readonly chatId: string }

function matchRoute(path: string): Route | undefined {
  if (path === '/messages') return { kind: 'post', method: 'POST' }
  const match = /^\/conversations\/([^/]+)\/(messages|events)$/.exec(path)
  if (match === null) return undefined
  let chatId: string
  try {
    chatId = decodeURIComponent(match[1] ?? '')
  } catch {
    chatId = ''
  }
  return { kind: match[2] === 'events' ? 'events' : 'messages', method: 'GET', chatId }
}

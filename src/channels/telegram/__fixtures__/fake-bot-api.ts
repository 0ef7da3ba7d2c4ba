import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for the Telegram Bot API on 127.0.0.1, for tests of the Telegram channel and the
 * daemon: it answers `getMe`, `getUpdates` (long polling with `timeout` and `offset`),
 * `sendMessage`, `setWebhook` and `deleteWebhook` the way api.telegram.org does, and delivers
 * updates to a set webhook with its secret token.
 *
 * @example
 * const api = await startFakeBotApi()
 * const channel = telegramChannel({ token: api.token, apiRoot: api.apiRoot, mode: 'polling' })
 * api.pushMessage({ chatId: 42, text: 'hello' })
 * const [reply] = await api.waitForSent(1)
 * await api.close()
 */
export interface FakeBotApi {
  /** The `apiRoot` to give grammY (`http://127.0.0.1:<port>`). */
  readonly apiRoot: string
  /** The only token it accepts; others get 401. */
  readonly token: string
  /** The bot it says it is (`getMe`). */
  readonly bot: { readonly id: number; readonly username: string }
  /**
   * Queues a text message from a user, as Telegram would, and returns its update. It is handed to
   * `getUpdates`, or POSTed to the webhook when one is set.
   */
  pushMessage(message: PushedMessage): FakeUpdate
  /** Queues any update (a photo, an edit…); `update_id` is assigned. */
  pushUpdate(update: Omit<FakeUpdate, 'update_id'>): FakeUpdate
  /** Every message the bot sent, in order. */
  readonly sent: readonly SentMessage[]
  /** Resolves with the sent messages once there are at least `count`. */
  waitForSent(count: number): Promise<readonly SentMessage[]>
  /** After `afterSends` more successful sends, the next `count` calls of `sendMessage` fail with 429 and `retry_after`. */
  failNextSends(count: number, retryAfterSeconds: number, afterSends?: number): void
  /** The webhook set by `setWebhook`, if any. */
  readonly webhook: { readonly url: string; readonly secretToken?: string } | undefined
  /** What each webhook delivery was answered (HTTP status, or 0 for a network error), in order. */
  readonly webhookAnswers: readonly number[]
  /** Resolves once `count` webhook deliveries have been answered. */
  waitForWebhookAnswers(count: number): Promise<readonly number[]>
  /** The methods called, in order (`getMe`, `getUpdates`…). */
  readonly calls: readonly string[]
  /** Resolves once some `getUpdates` call is waiting (long-polling) for updates. */
  waitForPoll(): Promise<void>
  close(): Promise<void>
}

/** A text message from a user. */
export interface PushedMessage {
  readonly chatId: number
  readonly text: string
  /** The sender; the chat's id, named "Ada Lovelace", when omitted. */
  readonly from?: {
    readonly id: number
    readonly first_name: string
    readonly last_name?: string
    readonly username?: string
  }
}

/** A message the bot sent. */
export interface SentMessage {
  readonly chatId: string
  readonly text: string
  readonly messageId: number
}

/** An update as the Bot API sends it. */
export interface FakeUpdate {
  readonly update_id: number
  readonly [field: string]: unknown
}

type Params = Record<string, unknown>

/** Starts a fake Bot API on a free loopback port. */
export async function startFakeBotApi(options: { readonly token?: string } = {}): Promise<FakeBotApi> {
  const token = options.token ?? '123456:fake-token-for-tests'
  const bot = { id: 1000, username: 'toolhost_test_bot' }
  const updates: FakeUpdate[] = []
  const sent: SentMessage[] = []
  const calls: string[] = []
  const webhookAnswers: number[] = []
  let polls: (() => void)[] = []
  let pollWaiters: (() => void)[] = []
  const sentWaiters: { count: number; resolve: () => void }[] = []
  const answerWaiters: { count: number; resolve: () => void }[] = []
  let webhook: { url: string; secretToken?: string } | undefined
  let nextUpdateId = 1
  let nextMessageId = 1
  let failures = { count: 0, retryAfter: 0, after: 0 }

  const wakePolls = () => {
    const woken = polls
    polls = []
    for (const wake of woken) wake()
  }
  const settle = <T extends { count: number; resolve: () => void }>(waiters: T[], length: number) => {
    for (const waiter of waiters.filter((w) => length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }

  const deliver = async (update: FakeUpdate) => {
    const target = webhook
    if (target === undefined) return
    let status: number
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(target.secretToken !== undefined && { 'x-telegram-bot-api-secret-token': target.secretToken }),
        },
        body: JSON.stringify(update),
      })
      status = response.status
      await response.arrayBuffer()
    } catch {
      status = 0
    }
    // Telegram keeps an update it could not deliver and tries again later; tests push again instead.
    if (status >= 200 && status < 300) updates.splice(updates.indexOf(update), 1)
    webhookAnswers.push(status)
    settle(answerWaiters, webhookAnswers.length)
  }

  const pushUpdate = (fields: Omit<FakeUpdate, 'update_id'>): FakeUpdate => {
    const update: FakeUpdate = { ...fields, update_id: nextUpdateId++ }
    updates.push(update)
    if (webhook === undefined) wakePolls()
    else void deliver(update)
    return update
  }

  const methods: Record<string, (params: Params, request: IncomingMessage) => Promise<unknown>> = {
    getMe: async () => ({
      id: bot.id,
      is_bot: true,
      first_name: 'Toolhost Test',
      username: bot.username,
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    }),
    getUpdates: async (params, request) => {
      if (webhook !== undefined)
        throw apiError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        )
      const offset = typeof params['offset'] === 'number' ? params['offset'] : undefined
      // An offset confirms every update before it: Telegram forgets them.
      if (offset !== undefined) updates.splice(0, updates.filter((u) => u.update_id < offset).length)
      const limit = typeof params['limit'] === 'number' ? params['limit'] : 100
      const timeout = typeof params['timeout'] === 'number' ? params['timeout'] : 0
      const pending = () => updates.filter((u) => offset === undefined || u.update_id >= offset).slice(0, limit)
      if (pending().length > 0 || timeout === 0) return pending()
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeout * 1000)
        function done() {
          clearTimeout(timer)
          polls = polls.filter((p) => p !== done)
          request.socket.off('close', done)
          resolve()
        }
        polls.push(done)
        request.socket.once('close', done)
        const waiting = pollWaiters
        pollWaiters = []
        for (const wake of waiting) wake()
      })
      return pending()
    },
    sendMessage: async (params) => {
      const text = typeof params['text'] === 'string' ? params['text'] : ''
      if (failures.count > 0 && failures.after > 0) failures = { ...failures, after: failures.after - 1 }
      else if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 }
        throw apiError(429, `Too Many Requests: retry after ${failures.retryAfter}`, {
          retry_after: failures.retryAfter,
        })
      }
      if (params['chat_id'] === undefined) throw apiError(400, 'Bad Request: chat_id is empty')
      if (text.trim() === '') throw apiError(400, 'Bad Request: message text is empty')
      if (text.length > 4096) throw apiError(400, 'Bad Request: message is too long')
      const message = { chatId: String(params['chat_id']), text, messageId: nextMessageId++ }
      sent.push(message)
      settle(sentWaiters, sent.length)
      return {
        message_id: message.messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(message.chatId), type: 'private' },
        from: { id: bot.id, is_bot: true, first_name: 'Toolhost Test', username: bot.username },
        text,
      }
    },
    setWebhook: async (params) => {
      if (typeof params['url'] !== 'string' || params['url'] === '')
        throw apiError(400, 'Bad Request: bad webhook: URL is empty')
      const secretToken = typeof params['secret_token'] === 'string' ? params['secret_token'] : undefined
      webhook = { url: params['url'], ...(secretToken !== undefined && { secretToken }) }
      wakePolls()
      return true
    },
    deleteWebhook: async (params) => {
      webhook = undefined
      if (params['drop_pending_updates'] === true) updates.splice(0)
      return true
    },
  }

  const server = createServer((request, response) => {
    void handle(request, response)
  })
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(request.url ?? '/', 'http://api').pathname)
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (match === null) return answer(404, { ok: false, error_code: 404, description: 'Not Found' })
    if (match[1] !== token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' })
    const method = methods[match[2] ?? '']
    if (method === undefined)
      return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' })
    calls.push(match[2] ?? '')
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    try {
      const params = (text === '' ? {} : JSON.parse(text)) as Params
      answer(200, { ok: true, result: await method(params, request) })
    } catch (error) {
      if (error instanceof FakeApiError)
        answer(error.code, {
          ok: false,
          error_code: error.code,
          description: error.message,
          ...(error.parameters !== undefined && { parameters: error.parameters }),
        })
      else answer(400, { ok: false, error_code: 400, description: `Bad Request: ${String(error)}` })
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    bot,
    sent,
    calls,
    webhookAnswers,
    get webhook() {
      return webhook
    },
    pushUpdate,
    pushMessage({ chatId, text, from }) {
      const sender = from ?? { id: chatId, first_name: 'Ada', last_name: 'Lovelace' }
      return pushUpdate({
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: sender.first_name },
          from: { is_bot: false, ...sender },
          text,
        },
      })
    },
    waitForSent(count) {
      return new Promise((resolve) => {
        sentWaiters.push({ count, resolve: () => resolve(sent.slice()) })
        settle(sentWaiters, sent.length)
      })
    },
    failNextSends(count, retryAfterSeconds, afterSends = 0) {
      failures = { count, retryAfter: retryAfterSeconds, after: afterSends }
    },
    waitForWebhookAnswers(count) {
      return new Promise((resolve) => {
        answerWaiters.push({ count, resolve: () => resolve(webhookAnswers.slice()) })
        settle(answerWaiters, webhookAnswers.length)
      })
    },
    waitForPoll() {
      if (polls.length > 0) return Promise.resolve()
      return new Promise((resolve) => pollWaiters.push(resolve))
    },
    async close() {
      wakePolls()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

class FakeApiError extends Error {
  readonly code: number
  readonly parameters: Params | undefined
  constructor(code: number, description: string, parameters?: Params) {
    super(description)
    this.code = code
    this.parameters = parameters
  }
}

function apiError(code: number, description: string, parameters?: Params): FakeApiError {
  return new FakeApiError(code, description, parameters)
}

import { createHash, timingSafeEqual } from 'node:crypto'
import { Bot, GrammyError, webhookCallback } from 'grammy'
import type { Context } from 'grammy'
import { BodyTooLargeError, readLimitedJson } from '../../mcp/server/limited-body.js'
import type { ApprovalPrompt, Channel, ChannelHost, OutboundMessage } from '../channel.js'
import { RetryLaterError } from '../retry-later-error.js'
import { errorText, pollUpdates } from './poll-updates.js'
import { splitMessage } from './split-message.js'

/** Options of {@link telegramChannel}. */
export interface TelegramChannelOptions {
  /** The bot token from @BotFather. */
  readonly token: string
  /** The Bot API server; `https://api.telegram.org` when omitted. */
  readonly apiRoot?: string
  /** `polling`: long-poll `getUpdates` (no public address needed); `webhook`: Telegram POSTs to `/channels/telegram/webhook`. */
  readonly mode: 'polling' | 'webhook'
  /** Required in webhook mode: Telegram sends it as `X-Telegram-Bot-Api-Secret-Token`, which is checked on every delivery. */
  readonly webhookSecret?: string
  /** The public URL of `/channels/telegram/webhook` to register at start (`setWebhook`); left as registered when omitted. */
  readonly webhookUrl?: string
  /**
   * Telegram user ids or usernames (without `@`) who may talk to the bot; anyone else is ignored
   * (and logged). Everyone may when omitted: anyone who finds the bot reaches the agent.
   */
  readonly allowedUsers?: readonly string[]
  /** Seconds each long poll waits; 30 when omitted. */
  readonly pollTimeoutSeconds?: number
  /** First wait after a failed poll, doubled while failures go on; 1 s when omitted. */
  readonly retryDelayMs?: number
  /** A 429 asking to wait up to this many seconds is waited out inside `send`; longer ones are thrown. 5 when omitted. */
  readonly maxRetryWaitSeconds?: number
}

/** Most bytes of a webhook delivery; updates with text are a few KiB. */
const maxUpdateBytes = 1024 * 1024
/** How many messages' delivery progress is remembered, so a retried message does not repeat its first parts. */
const rememberedDeliveries = 1000

/**
 * The Telegram channel (grammY): text messages people send the bot go to the daemon, replies and
 * approval requests come back as messages (split at 4096 characters). Polling or webhook; see
 * {@link TelegramChannelOptions}.
 * @throws Error in webhook mode without `webhookSecret`
 */
export function telegramChannel(options: TelegramChannelOptions): Channel {
  if (options.mode === 'webhook' && (options.webhookSecret === undefined || options.webhookSecret === '')) {
    throw new Error(
      'The Telegram webhook needs a secret token: set webhookSecret (1-256 characters of A-Z a-z 0-9 _ -).',
    )
  }
  const bot = new Bot(options.token, {
    client: { ...(options.apiRoot !== undefined && { apiRoot: options.apiRoot }) },
  })
  const allowed = options.allowedUsers === undefined ? undefined : new Set(options.allowedUsers.map(normalizeUser))
  const delivered = new Map<string, number>()
  let host: ChannelHost | undefined
  let polling: { controller: AbortController; done: Promise<void> } | undefined
  let handleWebhook: ((update: unknown, header: string | undefined) => Promise<void>) | undefined

  bot.on('message:text', async (context) => {
    const current = host
    if (current === undefined) throw new Error('the Telegram channel is stopped')
    const { message, chat, from } = context
    if (allowed !== undefined && !isAllowed(allowed, context)) {
      current.log.warn('Telegram: ignored a message from a user who is not allowed', {
        chatId: String(chat.id),
        userId: from === undefined ? undefined : String(from.id),
        username: from?.username,
      })
      return
    }
    await current.receive({
      chatId: String(chat.id),
      text: message.text,
      externalId: String(message.message_id),
      ...(from !== undefined && { sender: { id: String(from.id), name: senderName(from) } }),
    })
  })
  bot.on('message', (context) => {
    host?.log.info('Telegram: ignored a message without text', { chatId: String(context.chat.id) })
  })

  const sendText = async (message: OutboundMessage | ApprovalPrompt) => {
    const pieces = splitMessage(message.text)
    let done = delivered.get(message.id) ?? 0
    for (const piece of pieces.slice(done)) {
      await withRateLimit(() => bot.api.sendMessage(message.chatId, piece), options.maxRetryWaitSeconds ?? 5)
      done += 1
      remember(delivered, message.id, done)
    }
    if (pieces.length === 0) host?.log.warn('Telegram: nothing to send, the text is empty', { messageId: message.id })
  }

  return {
    name: 'telegram',
    async start(channelHost) {
      host = channelHost
      await initialize(bot)
      if (options.mode === 'webhook') {
        if (options.webhookUrl !== undefined)
          await bot.api.setWebhook(options.webhookUrl, {
            secret_token: options.webhookSecret ?? '',
            allowed_updates: ['message'],
          })
        if (handleWebhook === undefined) {
          const callback = webhookCallback(bot, 'callback', {
            secretToken: options.webhookSecret ?? '',
            onTimeout: 'throw',
            timeoutMilliseconds: 10_000,
          })
          handleWebhook = async (update, header) => {
            await callback(
              update as Parameters<typeof callback>[0],
              () => {},
              header,
              () => {},
            )
          }
        }
        return
      }
      if (allowed === undefined)
        channelHost.log.warn('Telegram: no allowed users are set, so anyone who finds the bot can talk to the agent')
      // Telegram refuses getUpdates while a webhook is set.
      await bot.api.deleteWebhook()
      const controller = new AbortController()
      const done = pollUpdates(bot, {
        signal: controller.signal,
        timeoutSeconds: options.pollTimeoutSeconds ?? 30,
        retryDelayMs: options.retryDelayMs ?? 1000,
        log: channelHost.log,
      })
      polling = { controller, done }
    },
    send: sendText,
    sendApprovalRequest: sendText,
    async handleHttp(request, response, path) {
      if (options.mode !== 'webhook' || path.split('?')[0] !== '/webhook') return false
      if (request.method !== 'POST') {
        response.writeHead(405, { allow: 'POST' }).end()
        return true
      }
      const header = request.headers['x-telegram-bot-api-secret-token']
      const token = Array.isArray(header) ? header[0] : header
      if (!sameSecret(token, options.webhookSecret ?? '')) {
        response.writeHead(401).end()
        return true
      }
      if (handleWebhook === undefined || host === undefined) {
        // Telegram retries deliveries that fail, so nothing is lost while the channel starts.
        response.writeHead(503).end()
        return true
      }
      let update: unknown
      try {
        update = await readLimitedJson(request, maxUpdateBytes)
      } catch (error) {
        if (!(error instanceof BodyTooLargeError) && !(error instanceof SyntaxError)) throw error
        response.writeHead(error instanceof BodyTooLargeError ? 413 : 400).end()
        return true
      }
      if (
        typeof update !== 'object' ||
        update === null ||
        typeof (update as { update_id?: unknown }).update_id !== 'number'
      ) {
        response.writeHead(400).end()
        return true
      }
      try {
        await handleWebhook(update, token)
      } catch (error) {
        // A failure answered 500 makes Telegram deliver the update again later.
        host.log.error('Telegram: could not handle a webhook update', { error: errorText(error) })
        response.writeHead(500).end()
        return true
      }
      response.writeHead(200).end()
      return true
    },
    async stop() {
      const current = polling
      polling = undefined
      if (current !== undefined) {
        current.controller.abort()
        await current.done
      }
      host = undefined
    },
  }
}

/** Calls `getMe` once; a refused token is reported as such. */
async function initialize(bot: Bot): Promise<void> {
  try {
    await bot.init()
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 401)
      throw new Error('Telegram refused the bot token; copy it again from @BotFather', { cause: error })
    throw error
  }
}

/**
 * Runs an API call; a 429 asking to wait at most `maxWaitSeconds` is waited out and the call made
 * again (up to three times), a longer one becomes a {@link RetryLaterError}.
 */
async function withRateLimit<T>(call: () => Promise<T>, maxWaitSeconds: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 429) throw error
      const seconds = error.parameters.retry_after ?? 1
      if (seconds > maxWaitSeconds || attempt >= 3)
        throw new RetryLaterError(`Telegram asks to wait ${seconds} s before sending more`, seconds * 1000, {
          cause: error,
        })
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    }
  }
}

function remember(delivered: Map<string, number>, id: string, done: number): void {
  delivered.delete(id)
  delivered.set(id, done)
  if (delivered.size > rememberedDeliveries) {
    const oldest = delivered.keys().next().value
    if (oldest !== undefined) delivered.delete(oldest)
  }
}

function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(sent), digest(expected))
}

function normalizeUser(user: string): string {
  return user.trim().replace(/^@/, '').toLowerCase()
}

function isAllowed(allowed: ReadonlySet<string>, context: Context): boolean {
  const from = context.from
  if (from === undefined) return false
  return allowed.has(String(from.id)) || (from.username !== undefined && allowed.has(normalizeUser(from.username)))
}

function senderName(from: { first_name: string; last_name?: string; username?: string }): string {
  const full = [from.first_name, from.last_name].filter((part) => part !== undefined && part !== '').join(' ')
  return full === '' ? (from.username ?? '') : full
}

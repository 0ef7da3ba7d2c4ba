import type { Channel } from '../../channels/channel.js'
import { channelSecretFromEnv, channelSecretVariable } from '../../channels/http/channel-secret.js'
import { httpChannel } from '../../channels/http/http-channel.js'
import { consoleChannel } from '../../channels/console/console-channel.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { ProfileOverrides } from '../../profile/load-profile.js'
import { Daemon } from '../daemon.js'
import type { ReplyMode } from '../daemon-context.js'
import { createDaemonLogger, logLevels, type LogLevel } from '../log/create-daemon-logger.js'
import { listenDaemonHttp, type HttpMounts } from './daemon-http.js'
import { detectOllama } from './detect-ollama.js'

/** What `toolhost serve` starts. */
export interface ServeOptions {
  readonly host: ToolHost
  readonly model?: string
  readonly baseUrl?: string
  readonly apiKey?: string
  readonly profile?: string | Profile | ProfileOverrides
  readonly bind: string
  readonly port: number
  readonly allowNonLoopback: boolean
  /** `sqlite` or a `redis://…` URL. */
  readonly queue: string
  /** `http`, `telegram`, `terminal`. */
  readonly channels: readonly string[]
  readonly replyMode: ReplyMode
  readonly logLevel: string
  readonly env?: Readonly<Record<string, string | undefined>>
  /** More of the HTTP surface (the web console and its API). */
  readonly mounts?: HttpMounts
}

/** A running `serve`. */
export interface Serving {
  readonly url: string
  readonly token: string
  /** Lines to show the person who started it: secrets generated, how to talk to it, what is missing. */
  readonly notes: readonly string[]
  /** Settles when the daemon ends by itself (the terminal channel's input ended). */
  readonly closed: Promise<void>
  stop(): Promise<void>
}

/**
 * Starts the daemon with its channels, logs (console, rotating JSON file, the store's audit) and
 * HTTP listener. Nothing is left running when a part fails to start.
 */
export async function startServe(options: ServeOptions): Promise<Serving> {
  const env = options.env ?? process.env
  const level = logLevels.find((l) => l === options.logLevel)
  if (level === undefined) throw new Error(`--log-level takes ${logLevels.join(', ')} (got "${options.logLevel}")`)
  const log = createDaemonLogger({ dataDir: options.host.dataDir, level: level satisfies LogLevel, console: true })
  const notes: string[] = []
  let endTerminal = (): void => {}
  const closed = new Promise<void>((resolve) => (endTerminal = resolve))
  const channels: Channel[] = []
  // The console's chat answers in its conversations, which the browser reads from the store.
  if (options.mounts !== undefined) channels.push(consoleChannel())
  for (const name of new Set(options.channels)) {
    if (name === 'http') {
      const { secret, generated } = channelSecretFromEnv(env)
      channels.push(httpChannel({ secret }))
      notes.push(
        generated
          ? `HTTP channel secret (set ${channelSecretVariable} to keep one across starts): ${secret}`
          : `HTTP channel secret: from ${channelSecretVariable}`,
      )
    } else if (name === 'telegram') {
      const token = env.TELEGRAM_BOT_TOKEN
      if (token === undefined || token === '')
        throw new Error('--channel telegram needs TELEGRAM_BOT_TOKEN (the token @BotFather gave the bot)')
      const { telegramChannel } = await import('../../channels/telegram/telegram-channel.js')
      const allowedUsers = (env.TELEGRAM_ALLOWED_USERS ?? '')
        .split(',')
        .map((user) => user.trim().replace(/^@/, ''))
        .filter((user) => user !== '')
      if (allowedUsers.length === 0)
        notes.push(
          'Telegram: anyone who finds the bot reaches the agent; set TELEGRAM_ALLOWED_USERS=id,username,… to limit it.',
        )
      // A public URL of /channels/telegram/webhook switches from long polling to a webhook.
      const webhookUrl = env.TELEGRAM_WEBHOOK_URL
      const webhookSecret = env.TELEGRAM_WEBHOOK_SECRET
      if (webhookUrl !== undefined && (webhookSecret === undefined || webhookSecret.length < 16))
        throw new Error(
          'TELEGRAM_WEBHOOK_URL needs TELEGRAM_WEBHOOK_SECRET (16 or more characters Telegram sends back)',
        )
      channels.push(
        telegramChannel({
          token,
          ...(webhookUrl === undefined
            ? { mode: 'polling' }
            : { mode: 'webhook', webhookUrl, webhookSecret: webhookSecret ?? '' }),
          ...(env.TELEGRAM_API_ROOT !== undefined && { apiRoot: env.TELEGRAM_API_ROOT }),
          ...(allowedUsers.length > 0 && { allowedUsers }),
        }),
      )
    } else if (name === 'terminal') {
      const { terminalChannel } = await import('../../channels/terminal/terminal-channel.js')
      channels.push(terminalChannel())
      // Ctrl-D ends the conversation and the daemon with it.
      process.stdin.once('end', () => endTerminal())
    } else throw new Error(`unknown channel "${name}"; the channels are http, telegram and terminal`)
  }
  if (options.model === undefined) notes.push(await noModelNote(env))
  const daemon = await Daemon.start({
    host: options.host,
    log,
    channels,
    queue: options.queue,
    replyMode: options.replyMode,
    ...(options.model !== undefined && { model: options.model }),
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
    ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
    ...(options.profile !== undefined && { profile: options.profile }),
    env,
  })
  let http
  try {
    http = await listenDaemonHttp(daemon.context, {
      host: options.bind,
      port: options.port,
      allowNonLoopback: options.allowNonLoopback,
      ...(env.TOOLHOST_TOKEN !== undefined && env.TOOLHOST_TOKEN !== '' && { token: env.TOOLHOST_TOKEN }),
      ...(options.profile !== undefined && { mcp: { profile: options.profile } }),
      ...(options.mounts !== undefined && { mounts: options.mounts }),
    })
  } catch (error) {
    await daemon.stop()
    await log.close()
    throw error
  }
  if (channels.some((c) => c.name === 'http'))
    notes.push(
      `Send a message: curl -X POST ${http.url}/channels/http/messages -H "Authorization: Bearer <secret>" -H "content-type: application/json" -d '{"conversation":"me","text":"Hello"}'`,
      `Read the replies: curl ${http.url}/channels/http/conversations/me/messages -H "Authorization: Bearer <secret>"`,
    )
  const listener = http
  return {
    url: listener.url,
    token: listener.token,
    notes,
    closed,
    async stop() {
      await listener.close()
      await daemon.stop()
      await log.close()
    },
  }
}

async function noModelNote(env: Readonly<Record<string, string | undefined>>): Promise<string> {
  const ollama = await detectOllama(env)
  const found =
    ollama === undefined
      ? 'No local Ollama answered on 127.0.0.1:11434.'
      : ollama.length === 0
        ? 'A local Ollama answers on 127.0.0.1:11434 but has no model; pull one (ollama pull llama3.1:8b).'
        : `A local Ollama answers on 127.0.0.1:11434 with ${ollama.slice(0, 5).join(', ')}: start with --model ollama:${ollama[0]}.`
  return `No model is configured, so messages are answered with how to set one: pass --model provider:model (e.g. openai:gpt-4.1-mini with OPENAI_API_KEY) or set "model" in the profile. ${found}`
}

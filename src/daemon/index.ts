/**
 * `toolhost/daemon`: the always-on daemon in code — {@link Daemon} with its channels, queue and
 * HTTP server, as `toolhost serve` runs it. Channels (HTTP, Telegram, terminal) implement
 * {@link Channel}; a bridge to another chat app is one object of that shape.
 *
 * @example
 * import { createToolHost } from 'toolhost'
 * import { Daemon, createDaemonLogger, httpChannel, listenDaemonHttp, newChannelSecret } from 'toolhost/daemon'
 *
 * const host = await createToolHost()
 * const log = createDaemonLogger({ dataDir: host.dataDir, level: 'info', console: true })
 * const secret = newChannelSecret()
 * const daemon = await Daemon.start({ host, model: 'ollama:llama3.1:8b', channels: [httpChannel({ secret })], log })
 * const http = await listenDaemonHttp(daemon.context, { port: 7777 })
 * // POST http://127.0.0.1:7777/channels/http/messages with "Authorization: Bearer <secret>"
 * process.once('SIGTERM', async () => (await http.close(), await daemon.stop(), await log.close()))
 */
export { Daemon, type DaemonOptions } from './daemon.js'
export type { DaemonContext, DaemonLog, ReplyMode } from './daemon-context.js'
export { listenDaemonHttp, type DaemonHttpListener, type DaemonHttpOptions } from './serve/daemon-http.js'
export { createDaemonLogger, type DaemonLogger, type DaemonLoggerOptions } from './log/create-daemon-logger.js'
export { openQueue, type OpenQueueOptions } from './queue/open-queue.js'
export type {
  ConsumeOptions,
  DeadLetter,
  Delivery,
  HandlerOutcome,
  MessageQueue,
  PublishOptions,
  QueueHandler,
  QueueSettings,
  QueueWorker,
  TopicStats,
} from './queue/message-queue.js'
export { busMessageSchema, parseBusMessage, type BusMessage, type BusMessageKind } from './bus/bus-message.js'
export {
  RetryLaterError,
  channelSecretFromEnv,
  createTelegramChannel,
  httpChannel,
  newChannelSecret,
  signWebhook,
  terminalChannel,
  webhookRefusal,
} from '../channels/index.js'
export type {
  ApprovalPrompt,
  Channel,
  ChannelHost,
  ConversationMessage,
  HttpChannelOptions,
  InboundMessage,
  OutboundMessage,
  TelegramChannelOptions,
  TerminalChannelOptions,
} from '../channels/index.js'

/**
 * The daemon's chat channels. Importing this loads no chat-app library: the Telegram channel is
 * loaded by {@link createTelegramChannel} only when it is used, so commands that never talk to
 * Telegram do not load grammY.
 */
import type { Channel } from './channel.js'
import type { TelegramChannelOptions } from './telegram/telegram-channel.js'

export type {
  ApprovalPrompt,
  Channel,
  ChannelHost,
  ChannelLog,
  ConversationMessage,
  InboundMessage,
  OutboundMessage,
} from './channel.js'
export { RetryLaterError } from './retry-later-error.js'
export { channelSecretFromEnv, channelSecretVariable, newChannelSecret } from './http/channel-secret.js'
export { httpChannel, type HttpChannelOptions } from './http/http-channel.js'
export { signWebhook, signatureHeaders, webhookRefusal } from './http/webhook-signature.js'
export { terminalChannel, terminalChatId, type TerminalChannelOptions } from './terminal/terminal-channel.js'
export type { TelegramChannelOptions } from './telegram/telegram-channel.js'

/** Loads the Telegram channel (and grammY) and makes one; see `telegramChannel`. */
export async function createTelegramChannel(options: TelegramChannelOptions): Promise<Channel> {
  const { telegramChannel } = await import('./telegram/telegram-channel.js')
  return telegramChannel(options)
}

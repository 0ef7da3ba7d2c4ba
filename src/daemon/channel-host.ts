import type { ChannelHost, ConversationMessage, InboundMessage } from '../channels/channel.js'
import { maskedCodeReply, parseCodeReply } from './approvals/code-reply.js'
import { busMessage } from './bus/bus-message.js'
import type { StoredMessage } from './conversations/conversation-store.js'
import type { DaemonContext } from './daemon-context.js'

/** How long after its codes were issued a conversation's six-digit messages are read as code answers. */
const codeWindowMs = 60 * 60 * 1000

/**
 * What the daemon gives one channel: inbound messages are stored in their conversation (the
 * durable inbox) before they are queued, so a message acknowledged to the chat app is never lost;
 * a six-digit answer in a conversation that was sent codes is an `ApprovalRequest` for the tool
 * consumer, stored with the code masked.
 */
export function channelHost(ctx: DaemonContext, channel: string): ChannelHost {
  return {
    async receive(inbound: InboundMessage) {
      const conversation = ctx.conversations.ensure(channel, inbound.chatId, inbound.address ?? {})
      const reply = parseCodeReply(inbound.text)
      const isCode =
        reply !== undefined &&
        ctx.store.oneTimeCodes
          .current({ conversationId: conversation.id })
          .some((code) => code.createdAt > Date.now() - codeWindowMs)
      if (reply !== undefined && isCode) {
        const { message, duplicate } = ctx.conversations.addInbound({
          conversationId: conversation.id,
          role: 'code',
          text: maskedCodeReply(reply),
          state: 'answered',
          ...(inbound.externalId !== undefined && { externalId: inbound.externalId }),
        })
        if (!duplicate)
          await ctx.publish(
            busMessage('approval_request', {
              conversationId: conversation.id,
              correlationId: message.correlationId,
              idempotencyKey: `code:${message.id}`,
              messageId: message.id,
              code: reply.code,
              behavior: reply.behavior,
              ...(reply.reason !== undefined && { reason: reply.reason }),
            }),
          )
        return { messageId: message.id, duplicate }
      }
      const { message, duplicate } = ctx.conversations.addInbound({
        conversationId: conversation.id,
        role: 'user',
        text: inbound.text,
        ...(inbound.externalId !== undefined && { externalId: inbound.externalId }),
        ...(inbound.sender !== undefined && { data: { sender: inbound.sender } }),
      })
      ctx.log.info('message received', { correlationId: message.correlationId, conversationId: conversation.id })
      if (!duplicate) await ctx.publish(wakeUp(message))
      return { messageId: message.id, duplicate }
    },
    messages: (conversationId, afterSeq) => ctx.conversations.messages(conversationId, afterSeq).map(view),
    subscribe: (conversationId, listener) => ctx.conversations.subscribe(conversationId, (m) => listener(view(m))),
    conversationId: (chatId) => `${channel}:${chatId}`,
    log: ctx.log.child({ channel }),
  }
}

/** The `UserMessage` that has the LLM consumer look at a conversation's inbox. */
export function wakeUp(message: StoredMessage, key = `inbound:${message.id}`) {
  return busMessage('user_message', {
    conversationId: message.conversationId,
    correlationId: message.correlationId,
    idempotencyKey: key,
    messageId: message.id,
  })
}

function view(message: StoredMessage): ConversationMessage {
  return { seq: message.seq, id: message.id, role: message.role, text: message.text, at: message.at }
}

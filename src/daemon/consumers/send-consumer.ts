import type { ApprovalPrompt } from '../../channels/channel.js'
import { RetryLaterError } from '../../channels/retry-later-error.js'
import type { DaemonContext } from '../daemon-context.js'
import type { Delivery, HandlerOutcome } from '../queue/message-queue.js'
import { queueDefaults } from '../queue/message-queue.js'

/**
 * The send consumer (`LLMReply`): delivers an outbox message through its conversation's channel,
 * once as people see it — a message marked sent is never delivered again, a failure is retried
 * with backoff by the queue and marked failed after the last attempt.
 */
export function sendConsumer(
  ctx: DaemonContext,
  maxAttempts: number = queueDefaults.maxAttempts,
): (delivery: Delivery) => Promise<HandlerOutcome> {
  return async ({ message, attempt }) => {
    if (message.kind !== 'llm_reply') throw new Error(`the send consumer does not take ${message.kind} messages`)
    const outbound = ctx.conversations.message(message.messageId)
    if (outbound === undefined || outbound.state !== 'pending') return
    const conversation = ctx.conversations.get(outbound.conversationId)
    const channel = conversation === undefined ? undefined : ctx.channels.get(conversation.channel)
    try {
      if (conversation === undefined) throw new Error(`conversation ${outbound.conversationId} is missing`)
      if (channel === undefined) throw new Error(`channel "${conversation.channel}" is not running in this daemon`)
      const base = {
        id: outbound.id,
        conversationId: conversation.id,
        chatId: conversation.chatId,
        text: outbound.text,
        address: conversation.address,
        correlationId: outbound.correlationId,
      }
      if (outbound.role === 'approval') await channel.sendApprovalRequest(approvalPrompt(base, outbound.data ?? {}))
      else await channel.send({ ...base, role: outbound.role === 'assistant' ? 'assistant' : 'notice' })
    } catch (error) {
      // The app said when to try again (a rate limit): that wait does not count as a failed attempt.
      if (error instanceof RetryLaterError) return { retryInMs: error.retryAfterMs }
      const reason = error instanceof Error ? error.message : String(error)
      ctx.log.warn('delivery failed', { correlationId: outbound.correlationId, attempt, error: reason })
      if (attempt >= maxAttempts) {
        ctx.conversations.setState(outbound.id, 'failed', { error: reason })
        ctx.metrics.delivery('failed')
        return
      }
      throw error
    }
    ctx.conversations.setState(outbound.id, 'sent')
    ctx.metrics.delivery('sent')
  }
}

function approvalPrompt(
  base: Omit<ApprovalPrompt, 'role' | 'approvalId' | 'code' | 'tool' | 'title' | 'inputText' | 'reason' | 'expiresAt'>,
  data: Readonly<Record<string, unknown>>,
): ApprovalPrompt {
  return {
    ...base,
    role: 'approval',
    approvalId: String(data.approvalId),
    code: String(data.code),
    tool: String(data.tool),
    ...(typeof data.title === 'string' && { title: data.title }),
    inputText: String(data.inputText),
    reason: String(data.reason),
    ...(typeof data.rule === 'string' && { rule: data.rule }),
    expiresAt: Number(data.expiresAt),
  }
}

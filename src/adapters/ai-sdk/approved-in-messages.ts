import type { ModelMessage } from 'ai'

/**
 * Whether the messages the AI SDK hands a tool's `execute` hold a person's approval of this call:
 * an assistant `tool-approval-request` for the call id, answered by a `tool-approval-response`
 * with `approved: true` in the last tool message (where `generateText` / `streamText` read the
 * answers before running approved calls).
 */
export function approvedInMessages(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const requested = new Set<string>()
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue
    for (const part of message.content)
      if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId) requested.add(part.approvalId)
  }
  const last = messages.at(-1)
  if (requested.size === 0 || last?.role !== 'tool') return false
  return last.content.some(
    (part) => part.type === 'tool-approval-response' && part.approved && requested.has(part.approvalId),
  )
}

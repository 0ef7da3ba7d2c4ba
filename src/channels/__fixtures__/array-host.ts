import type { ChannelHost, ConversationMessage, InboundMessage } from '../channel.js'

/** A {@link ChannelHost} over arrays for channel tests; the daemon provides the durable one. */
export interface ArrayHost extends ChannelHost {
  /** Every inbound message accepted, in order, duplicates excluded. */
  readonly received: InboundMessage[]
  /** Adds a message to a conversation as the daemon would (a reply, a notice) and tells subscribers. */
  add(conversationId: string, role: ConversationMessage['role'], text: string): ConversationMessage
  /** Makes the next `count` calls of `receive` fail, as a store that is briefly unavailable would. */
  failNextReceives(count: number): void
  /** Resolves once `count` messages have been received. */
  waitForReceived(count: number): Promise<readonly InboundMessage[]>
  /** How many listeners are subscribed to a conversation. */
  subscriberCount(conversationId: string): number
  readonly warnings: string[]
}

/** A new empty {@link ArrayHost}; conversation ids are `<channel>:<chat id>`. */
export function arrayHost(channelName: string): ArrayHost {
  const received: InboundMessage[] = []
  const conversations = new Map<string, ConversationMessage[]>()
  const listeners = new Map<string, Set<(message: ConversationMessage) => void>>()
  const seen = new Map<string, string>()
  const waiters: { count: number; resolve: (messages: readonly InboundMessage[]) => void }[] = []
  const warnings: string[] = []
  let seq = 0
  let failures = 0

  const add = (conversationId: string, role: ConversationMessage['role'], text: string): ConversationMessage => {
    seq += 1
    const message = { seq, id: `m${seq}`, role, text, at: 1_700_000_000_000 + seq }
    const list = conversations.get(conversationId) ?? []
    list.push(message)
    conversations.set(conversationId, list)
    for (const listener of listeners.get(conversationId) ?? []) listener(message)
    return message
  }
  const conversationId = (chatId: string) => `${channelName}:${chatId}`

  return {
    received,
    warnings,
    add,
    conversationId,
    subscriberCount(id) {
      return listeners.get(id)?.size ?? 0
    },
    failNextReceives(count) {
      failures = count
    },
    async receive(message) {
      if (failures > 0) {
        failures -= 1
        throw new Error('the store is unavailable')
      }
      const key = message.externalId === undefined ? undefined : `${message.chatId}\n${message.externalId}`
      const earlier = key === undefined ? undefined : seen.get(key)
      if (earlier !== undefined) return { messageId: earlier, duplicate: true }
      const stored = add(conversationId(message.chatId), 'user', message.text)
      if (key !== undefined) seen.set(key, stored.id)
      received.push(message)
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve(received.slice())
      }
      return { messageId: stored.id, duplicate: false }
    },
    messages(id, afterSeq) {
      return (conversations.get(id) ?? []).filter((m) => afterSeq === undefined || m.seq > afterSeq)
    },
    subscribe(id, listener) {
      const set = listeners.get(id) ?? new Set()
      set.add(listener)
      listeners.set(id, set)
      return () => set.delete(listener)
    },
    waitForReceived(count) {
      if (received.length >= count) return Promise.resolve(received.slice())
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    log: {
      info() {},
      warn(message) {
        warnings.push(message)
      },
      error(message) {
        warnings.push(message)
      },
    },
  }
}

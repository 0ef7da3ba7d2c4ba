import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { openStore, type Store } from '../../store/store.js'
import { ConversationStore, type StoredMessage } from './conversation-store.js'

const stores: Store[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
})

function open(dir: string): ConversationStore {
  const store = openStore(dir)
  stores.push(store)
  return new ConversationStore(store)
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25))
}

describe('ConversationStore', () => {
  it('records a message with an external id once', () => {
    const conversations = open(join(tempDir(), 'data'))
    const { id } = conversations.ensure('http', 'a')
    const first = conversations.addInbound({ conversationId: id, role: 'user', text: 'hi', externalId: 'x1' })
    const again = conversations.addInbound({ conversationId: id, role: 'user', text: 'hi', externalId: 'x1' })
    expect(again).toEqual({ message: first.message, duplicate: true })
    expect(conversations.messages(id)).toHaveLength(1)
  })

  it('adds an answer to the outbox once per source and ordinal', () => {
    const conversations = open(join(tempDir(), 'data'))
    const { id } = conversations.ensure('http', 'a')
    const source = conversations.addInbound({ conversationId: id, role: 'user', text: 'hi' }).message
    const reply = {
      conversationId: id,
      role: 'assistant',
      text: 'hello',
      sourceId: source.id,
      correlationId: 'c',
    } as const
    const first = conversations.addOutbound(reply)
    expect(conversations.addOutbound({ ...reply, text: 'hello again' })).toEqual({
      message: first.message,
      added: false,
    })
    expect(conversations.addOutbound({ ...reply, ordinal: 1 }).added).toBe(true)
  })

  it('tells subscribers of messages added by this process and by another one sharing the store, in order, once', async () => {
    const dir = join(tempDir(), 'data')
    const here = open(dir)
    const there = open(dir)
    const { id } = here.ensure('http', 'shared')
    here.addInbound({ conversationId: id, role: 'user', text: 'before' })
    const heard: StoredMessage[] = []
    const unsubscribe = here.subscribe(id, (message) => heard.push(message))
    here.addInbound({ conversationId: id, role: 'user', text: 'one' })
    there.addInbound({ conversationId: id, role: 'user', text: 'two' })
    here.addInbound({ conversationId: id, role: 'user', text: 'three' })
    await until(() => heard.length >= 3)
    expect(heard.map((m) => m.text)).toEqual(['one', 'two', 'three'])
    unsubscribe()
    there.addInbound({ conversationId: id, role: 'user', text: 'after' })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(heard).toHaveLength(3)
  })
})

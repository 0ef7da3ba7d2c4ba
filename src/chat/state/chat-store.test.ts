import { describe, expect, it } from 'vitest'
import { createChatStore } from './chat-store.js'
import { initialChatState } from './chat-state.js'

describe('createChatStore', () => {
  it('starts from the initial state and changes it through the reducer', () => {
    const initial = initialChatState({ model: 'openai:gpt-4.1', mode: 'default' })
    const store = createChatStore(initial)
    expect(store.getState()).toBe(initial)
    store.dispatch({ type: 'notice', text: 'hello' })
    expect(store.getState().settled).toEqual([{ kind: 'notice', id: 'i1', text: 'hello', tone: 'info' }])
  })

  it('tells every subscriber of each change until it unsubscribes', () => {
    const store = createChatStore(initialChatState({ model: 'm:x', mode: 'default' }))
    const heard: string[] = []
    const offA = store.subscribe(() => heard.push(`a${store.getState().nextId}`))
    store.subscribe(() => heard.push(`b${store.getState().nextId}`))
    store.dispatch({ type: 'notice', text: 'one' })
    offA()
    store.dispatch({ type: 'notice', text: 'two' })
    expect(heard).toEqual(['a2', 'b2', 'b3'])
  })

  it('tells nobody when an action changes nothing', () => {
    const store = createChatStore(initialChatState({ model: 'm:x', mode: 'default' }))
    let calls = 0
    store.subscribe(() => calls++)
    const before = store.getState()
    store.dispatch({ type: 'event', event: { type: 'text-delta', agentId: 'main', delta: '' }, now: 0 })
    store.dispatch({ type: 'event', event: { type: 'model-call', agentId: 'main', phase: 'ended' }, now: 0 })
    expect(store.getState()).toBe(before)
    expect(calls).toBe(0)
    store.dispatch({ type: 'status', status: { rounds: 1 } })
    expect(calls).toBe(1)
  })
})

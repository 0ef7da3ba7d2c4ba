import { chatReducer, type ChatAction } from './chat-reducer.js'
import type { ChatState } from './chat-state.js'

/** A chat's state outside React: the session dispatches into it, the screen subscribes to it. */
export interface ChatStore {
  getState(): ChatState
  dispatch(action: ChatAction): void
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void
}

/**
 * A store over {@link chatReducer} (for React's `useSyncExternalStore`).
 * @example const store = createChatStore(initialChatState({ model, mode: 'default' }))
 */
export function createChatStore(initial: ChatState): ChatStore {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    getState: () => state,
    dispatch(action) {
      const next = chatReducer(state, action)
      if (next === state) return
      state = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

import { useEffect, useState } from 'react'
import { api, ApiError } from '../api.js'

const changedEvent = 'toolhost:approvals-changed'

/** Tells the header's count to ask again now (after a decision on this page). */
export function approvalsChanged(): void {
  dispatchEvent(new Event(changedEvent))
}

/**
 * The number of pending approvals, asked every `everyMs` (2 s), when the window gets the focus or
 * becomes visible, and after {@link approvalsChanged}; `undefined` until known. A 401 calls
 * `onLoggedOut`.
 * @example
 * const pending = usePendingApprovals(() => setSession(undefined))
 */
export function usePendingApprovals(onLoggedOut: () => void, everyMs = 2000): number | undefined {
  const [count, setCount] = useState<number | undefined>(undefined)
  useEffect(() => {
    let stopped = false
    let asking = false
    const ask = async () => {
      if (asking || stopped) return
      asking = true
      try {
        const answer = await api<{ approvals: readonly unknown[] }>('/api/approvals?status=pending')
        if (!stopped) setCount(answer.approvals.length)
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && !stopped) onLoggedOut()
        // Other failures keep the last count; the next tick asks again.
      } finally {
        asking = false
      }
    }
    const refresh = () => void ask()
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    refresh()
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') refresh()
    }, everyMs)
    addEventListener('focus', refresh)
    addEventListener(changedEvent, refresh)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      stopped = true
      clearInterval(timer)
      removeEventListener('focus', refresh)
      removeEventListener(changedEvent, refresh)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [onLoggedOut, everyMs])
  return count
}

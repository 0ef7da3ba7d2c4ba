import { useCallback, useEffect, useState } from 'react'
import { api, ApiError } from '../../api.js'

/** What {@link useLoad} gives: the data once loaded, the error message, and a way to load again. */
export interface Loaded<T> {
  readonly data: T | undefined
  readonly error: string | undefined
  readonly loading: boolean
  readonly reload: () => void
}

/**
 * Loads `path` from the API when it changes (`undefined` loads nothing); the last answer stays shown
 * while a new one loads, so lists do not flicker.
 *
 * @example
 * const runs = useLoad<{ runs: Run[] }>(`/api/runs?status=${status}`)
 */
export function useLoad<T>(path: string | undefined): Loaded<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(false)
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    if (path === undefined) return
    let current = true
    setLoading(true)
    api<T>(path).then(
      (body) => {
        if (!current) return
        setData(body)
        setError(undefined)
        setLoading(false)
      },
      (failure: unknown) => {
        if (!current) return
        setError(messageOf(failure))
        setLoading(false)
      },
    )
    return () => {
      current = false
    }
  }, [path, generation])
  const reload = useCallback(() => setGeneration((n) => n + 1), [])
  return { data, error, loading, reload }
}

/** A failure as one line for people. */
export function messageOf(failure: unknown): string {
  if (failure instanceof ApiError) return `${failure.message} (${failure.status})`
  return failure instanceof Error ? failure.message : String(failure)
}

/** A time as the reader's local date and time. */
export function formatTime(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined || ms === '') return '—'
  const date = new Date(ms)
  return Number.isNaN(date.getTime()) ? String(ms) : date.toLocaleString()
}

/** A duration in ms as `850 ms`, `2.4 s`, `3 min 5 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
}

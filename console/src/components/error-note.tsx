import type { ReactNode } from 'react'
import { ApiError } from '../api.js'

/**
 * A failed request said in words, announced to screen readers; `null` when there is no error.
 * @example
 * <ErrorNote error={loadError} />
 */
export function ErrorNote({ error, action }: { readonly error: unknown; readonly action?: string }): ReactNode {
  if (error === undefined || error === null) return null
  return (
    <div className="notice notice-error" role="alert">
      {action !== undefined && <strong>{action}: </strong>}
      {describeError(error)}
    </div>
  )
}

/** A request's failure as one sentence: the server's message with its status, or the network's. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (HTTP ${error.status})`
  if (error instanceof TypeError)
    return `The server could not be reached (${error.message}). Is toolhost serve running?`
  return error instanceof Error ? error.message : String(error)
}

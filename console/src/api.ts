/** Why the API refused or failed a request: its status and the message it sent. */
export class ApiError extends Error {
  readonly status: number
  readonly details: unknown
  constructor(status: number, message: string, details?: unknown) {
    super(message)
    this.status = status
    this.details = details
  }
}

let csrfToken: string | undefined

/** The session: who is logged in, and the CSRF token changes need; `undefined` when not logged in. */
export async function loadSession(): Promise<{ readonly actor: string } | undefined> {
  const response = await fetch('/api/session', { credentials: 'same-origin' })
  if (response.status === 401) return undefined
  const body = (await response.json()) as { actor: string; csrfToken?: string }
  csrfToken = body.csrfToken
  return body
}

/**
 * Calls the API with the session cookie (and the CSRF token for changes); the JSON answer, or an
 * {@link ApiError} with the server's message.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...(method !== 'GET' && csrfToken !== undefined && { 'x-csrf-token': csrfToken }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  })
  const text = await response.text()
  const body: unknown = text === '' ? undefined : JSON.parse(text)
  if (!response.ok) {
    const error = body as { error?: string; details?: unknown } | undefined
    throw new ApiError(response.status, error?.error ?? response.statusText, error?.details)
  }
  return body as T
}

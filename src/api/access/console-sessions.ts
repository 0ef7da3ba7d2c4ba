import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A browser logged in with the token: its session id (the cookie) and its CSRF token. */
export interface ConsoleSession {
  readonly id: string
  readonly csrfToken: string
  lastSeen: number
}

/** The cookie that carries a console session. */
export const sessionCookie = 'toolhost_session'

/** A session unused this long ends; the login URL opens a new one. */
const idleMs = 12 * 60 * 60 * 1000

/**
 * The console's browser sessions, in memory: a restart of the daemon logs browsers out (the login
 * URL it prints still works, the token being kept in the data directory).
 */
export class ConsoleSessions {
  readonly #sessions = new Map<string, ConsoleSession>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** A new session, after the token was shown. */
  open(): ConsoleSession {
    const session = { id: random(), csrfToken: random(), lastSeen: this.#now() }
    this.#sessions.set(session.id, session)
    return session
  }

  /** The live session of a cookie value, if any. */
  find(id: string | undefined): ConsoleSession | undefined {
    if (id === undefined) return undefined
    const session = this.#sessions.get(id)
    if (session === undefined) return undefined
    if (this.#now() - session.lastSeen > idleMs) {
      this.#sessions.delete(id)
      return undefined
    }
    session.lastSeen = this.#now()
    return session
  }

  close(id: string): void {
    this.#sessions.delete(id)
  }
}

/** True when two secrets are equal, compared in constant time (both hashed first). */
export function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false
  return timingSafeEqual(createHash('sha256').update(sent).digest(), createHash('sha256').update(expected).digest())
}

/** The value of one cookie in a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

function random(): string {
  return randomBytes(32).toString('base64url')
}

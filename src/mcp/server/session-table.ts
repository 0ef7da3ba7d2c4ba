import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

/** One live MCP session over HTTP. */
export interface HttpSession {
  readonly server: Server
  readonly transport: StreamableHTTPServerTransport
  lastSeen: number
}

/** Limits on live sessions. */
export interface SessionLimits {
  readonly maxSessions: number
  /** A session with no request for this long is closed. */
  readonly idleMs: number
  readonly now?: () => number
}

/**
 * The live sessions of an HTTP endpoint, bounded in number and closed when idle, so clients that
 * vanish without a DELETE cannot pile up invocations.
 */
export class SessionTable {
  readonly #sessions = new Map<string, HttpSession>()
  readonly #limits: SessionLimits
  readonly #now: () => number
  readonly #sweeper: NodeJS.Timeout

  constructor(limits: SessionLimits) {
    this.#limits = limits
    this.#now = limits.now ?? Date.now
    this.#sweeper = setInterval(() => void this.closeIdle(), Math.max(1_000, Math.min(limits.idleMs, 60_000)))
    this.#sweeper.unref()
  }

  get size(): number {
    return this.#sessions.size
  }

  /** True when one more session may start. */
  get hasRoom(): boolean {
    return this.#sessions.size < this.#limits.maxSessions
  }

  add(id: string, server: Server, transport: StreamableHTTPServerTransport): void {
    this.#sessions.set(id, { server, transport, lastSeen: this.#now() })
  }

  /** The session with this id, marked as seen now. */
  touch(id: string): HttpSession | undefined {
    const session = this.#sessions.get(id)
    if (session !== undefined) session.lastSeen = this.#now()
    return session
  }

  delete(id: string): void {
    this.#sessions.delete(id)
  }

  /** Closes the sessions idle past the limit; returns how many. */
  async closeIdle(): Promise<number> {
    const cutoff = this.#now() - this.#limits.idleMs
    const idle = [...this.#sessions].filter(([, session]) => session.lastSeen <= cutoff)
    for (const [id] of idle) this.#sessions.delete(id)
    await Promise.allSettled(idle.map(([, { server }]) => server.close()))
    return idle.length
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#sweeper)
    const all = [...this.#sessions.values()]
    this.#sessions.clear()
    await Promise.allSettled(all.map(({ server }) => server.close()))
  }
}

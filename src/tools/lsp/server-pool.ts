import type { LspSettings } from '../../profile/lsp-settings.js'
import { LanguageServer } from './language-server.js'
import type { ServerChoice } from './server-choice.js'

/** A running server as {@link runningLanguageServers} lists it. */
export interface RunningLanguageServer {
  readonly name: string
  /** The workspace root it serves (a host path). */
  readonly root: string
  /** The pid of the process the host waits for (the server, or the wrapper that bounds it). */
  readonly pid: number | undefined
}

/** Servers by workspace root, name and configuration, shared by every call and host of this process. */
const servers = new Map<string, Promise<LanguageServer>>()
const started = new Set<LanguageServer>()

/** Where a call's server runs and how text from it is made safe to show. */
export interface ServerPlace {
  /** The workspace root (a real host path). */
  readonly root: string
  /** toolhost's hidden directories, part of the key so redaction follows them. */
  readonly hidden: readonly string[]
  readonly redact: (text: string) => string
}

/**
 * Runs `use` with the server for `choice` in `place`, starting it when none runs (one per root,
 * name and configuration, shared by concurrent calls); the server counts the call as a user, so
 * its idle timer waits for the call to end.
 * @throws the start's ToolError (`lsp.server_unavailable`, `lsp.server_crashed`, `lsp.timeout`)
 */
export async function withLanguageServer<T>(
  choice: ServerChoice,
  place: ServerPlace,
  lsp: LspSettings,
  use: (server: LanguageServer) => Promise<T>,
): Promise<T> {
  const { settings } = choice
  const key = JSON.stringify([
    place.root,
    choice.name,
    settings.command,
    settings.args,
    settings.initializationOptions ?? null,
    place.hidden,
  ])
  const server = await serverFor(key, () =>
    LanguageServer.start({
      name: choice.name,
      command: settings.command,
      args: settings.args,
      ...(settings.initializationOptions !== undefined && { initializationOptions: settings.initializationOptions }),
      root: place.root,
      redact: place.redact,
      timeoutMs: lsp.requestTimeoutSec * 1000,
    }),
  )
  server.acquire()
  try {
    return await use(server)
  } finally {
    server.release(lsp.idleTimeoutSec * 1000)
  }
}

/** The running server of `key`, or a new one; a start others are waiting for is joined, its failure shared. */
async function serverFor(key: string, start: () => Promise<LanguageServer>): Promise<LanguageServer> {
  for (let existing = servers.get(key); existing !== undefined; existing = servers.get(key)) {
    const server = await existing
    if (server.alive) return server
    if (servers.get(key) === existing) servers.delete(key)
  }
  const starting = start()
  servers.set(key, starting)
  try {
    const server = await starting
    started.add(server)
    server.onGone(() => {
      started.delete(server)
      if (servers.get(key) === starting) servers.delete(key)
    })
    return server
  } catch (error) {
    if (servers.get(key) === starting) servers.delete(key)
    throw error
  }
}

/**
 * Shuts down every language server this process started (`shutdown`, `exit`, then a kill for any
 * that lingers, with all it started). The host calls it when it closes.
 * @example await stopLanguageServers()
 */
export async function stopLanguageServers(): Promise<void> {
  const starting = [...servers.values()]
  servers.clear()
  const all = new Set(started)
  for (const server of await Promise.all(starting.map((s) => s.catch(() => undefined))))
    if (server !== undefined) all.add(server)
  await Promise.all([...all].map((server) => server.stop()))
}

/** The language servers running now. */
export function runningLanguageServers(): readonly RunningLanguageServer[] {
  return [...started].filter((s) => s.alive).map((s) => ({ name: s.name, root: s.root, pid: s.pid }))
}

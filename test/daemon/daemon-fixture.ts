import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe } from 'vitest'
import { describeWithRedis, startRedisServer, type RedisServer } from '../redis-server.js'
import type { Channel } from '../../src/channels/channel.js'
import { httpChannel } from '../../src/channels/http/http-channel.js'
import { newChannelSecret } from '../../src/channels/http/channel-secret.js'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { Daemon } from '../../src/daemon/daemon.js'
import type { DaemonLog } from '../../src/daemon/daemon-context.js'
import { listenDaemonHttp, type DaemonHttpListener } from '../../src/daemon/serve/daemon-http.js'
import type { QueueSettings } from '../../src/daemon/queue/message-queue.js'
import { openQueue } from '../../src/daemon/queue/open-queue.js'
import { writeProfiles } from '../agent/agent-fixture.js'
import { ScriptedModelServer, type ReceivedRequest, type ScriptedReply } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'

/** A message of a conversation as the HTTP channel lists it. */
export interface ListedMessage {
  readonly seq: number
  readonly id: string
  readonly role: string
  readonly text: string
}

/** A daemon over a real host, store and queue, with the HTTP channel on a loopback listener. */
export interface DaemonFixture {
  readonly host: ToolHost
  readonly daemon: Daemon
  readonly http: DaemonHttpListener
  readonly model: ScriptedModelServer
  readonly secret: string
  readonly projectDir: string
  readonly dataDir: string
  readonly records: LogRecord[]
  post(conversation: string, text: string, extra?: Record<string, unknown>): Promise<Response>
  messages(conversation: string): Promise<ListedMessage[]>
  /** Waits until the conversation's messages satisfy `done` (checked every 50 ms, up to `timeoutMs`). */
  waitFor(
    conversation: string,
    done: (messages: ListedMessage[]) => boolean,
    timeoutMs?: number,
  ): Promise<ListedMessage[]>
  stop(): Promise<void>
}

/** A record the daemon logged. */
export interface LogRecord {
  readonly level: string
  readonly message: string
  readonly fields: Readonly<Record<string, unknown>>
}

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close()
})

/** Options of {@link daemonFixture}. */
export interface DaemonFixtureOptions {
  /** `sqlite` or a `redis://` URL. */
  readonly queue?: string
  readonly replies?: readonly ScriptedReply[]
  readonly respond?: (request: ReceivedRequest) => ScriptedReply | undefined
  readonly profile?: Record<string, unknown>
  readonly channels?: (secret: string) => readonly Channel[]
  readonly queueSettings?: QueueSettings
  readonly replyMode?: 'final-text' | 'publish'
  /** Reuse a data and project directory (a restart). */
  readonly dirs?: { readonly projectDir: string; readonly dataDir: string }
  readonly processDirs?: readonly string[]
}

/** Starts a scripted model server, a host and a daemon; all are stopped after the test. */
export async function daemonFixture(options: DaemonFixtureOptions = {}): Promise<DaemonFixture> {
  const root = options.dirs === undefined ? tempDir('toolhost-daemon-') : undefined
  const projectDir = options.dirs?.projectDir ?? join(root ?? '', 'project')
  const dataDir = options.dirs?.dataDir ?? join(root ?? '', 'data')
  mkdirSync(projectDir, { recursive: true })
  if (options.profile !== undefined) writeProfiles(dataDir, { daemon: options.profile })
  const model = await ScriptedModelServer.start('openai-chat', options.replies ?? [], {
    ...(options.respond !== undefined && { respond: options.respond }),
  })
  const host = await createToolHost({
    dataDir,
    workspaceDir: projectDir,
    inMemoryStore: false,
    watchProcessTools: false,
    processDirs: [...(options.processDirs ?? [])],
  })
  if (options.processDirs !== undefined) await host.trustProcessTools()
  const secret = newChannelSecret()
  const records: LogRecord[] = []
  const queueSettings = { visibilityTimeoutMs: 3000, backoffMs: 50, ...options.queueSettings }
  const daemon = await Daemon.start({
    host,
    model: 'openai-chat:gpt-4o-scripted',
    baseUrl: model.baseUrl,
    apiKey: 'test',
    ...(options.profile !== undefined && { profile: 'daemon' }),
    // Each daemon of a test on Redis has keys of its own.
    queue: await openQueue(options.queue ?? 'sqlite', {
      store: host.store(),
      prefix: `t${randomBytes(4).toString('hex')}`,
      ...queueSettings,
    }),
    queueSettings,
    channels: options.channels?.(secret) ?? [httpChannel({ secret, allowPrivateCallbacks: true })],
    log: memoryLog(records),
    sweepIntervalMs: 500,
    sleep: async () => {},
    ...(options.replyMode !== undefined && { replyMode: options.replyMode }),
  })
  const http = await listenDaemonHttp(daemon.context, { port: 0 })
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await http.close()
    await daemon.stop()
    await host.close()
    await model.close()
  }
  open.push(stop)
  const auth = { authorization: `Bearer ${secret}` }
  const messages = async (conversation: string): Promise<ListedMessage[]> => {
    const response = await fetch(`${http.url}/channels/http/conversations/${conversation}/messages`, { headers: auth })
    return ((await response.json()) as { messages: ListedMessage[] }).messages
  }
  return {
    host,
    daemon,
    http,
    model,
    secret,
    projectDir,
    dataDir,
    records,
    post: (conversation, text, extra = {}) =>
      fetch(`${http.url}/channels/http/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ conversation, text, ...extra }),
      }),
    messages,
    async waitFor(conversation, done, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const listed = await messages(conversation)
        if (done(listed)) return listed
        if (Date.now() > deadline)
          throw new Error(`conversation ${conversation} did not get there: ${JSON.stringify(listed, null, 2)}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    stop,
  }
}

/** A logger that keeps what the daemon logs, for assertions on correlation ids. */
export function memoryLog(records: LogRecord[], bound: Readonly<Record<string, unknown>> = {}): DaemonLog {
  const at =
    (level: string) =>
    (message: string, fields: Readonly<Record<string, unknown>> = {}) =>
      void records.push({ level, message, fields: { ...bound, ...fields } })
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (fields) => memoryLog(records, { ...bound, ...fields }),
  }
}

/**
 * Declares a suite once per queue backend: the embedded SQLite queue, and BullMQ on a real
 * redis-server started for the file (skipped, visibly, where it is not installed).
 */
export function describeBackends(name: string, body: (queue: () => string) => void): void {
  describe(`${name} (sqlite queue)`, () => body(() => 'sqlite'))
  describeWithRedis(`${name} (redis queue)`, () => {
    let redis: RedisServer | undefined
    beforeAll(async () => {
      redis = await startRedisServer()
    })
    afterAll(async () => {
      await redis?.stop()
    })
    body(() => redis?.url ?? 'redis-not-started')
  })
}

/** The roles and texts of a conversation, for compact assertions. */
export function said(messages: readonly ListedMessage[]): string[] {
  return messages.map((m) => `${m.role}: ${m.text}`)
}

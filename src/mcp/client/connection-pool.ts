import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpTransportConfig } from '../../store/mcp-servers.js'
import { loadClientSdk, type ClientSdk } from './client-sdk.js'
import type { McpElicitHandler, McpRuntimeOptions } from './runtime-options.js'
import { trackSends } from './track-sends.js'

/** Settings of a {@link ConnectionPool}. */
export interface ConnectionPoolOptions {
  readonly connectTimeoutMs: number
  readonly maxMessageBytes: number
  readonly killGraceMs: number
  /** Called when a server says its tool list changed. */
  readonly onToolsChanged: (registrationId: string) => void
  /** The in-memory options of a registration (its OAuth client, …). */
  readonly runtime: (registrationId: string) => McpRuntimeOptions
  /** Answers servers' elicitation requests; without it the client declares no elicitation. */
  readonly onElicit?: McpElicitHandler
}

/** An open session with one server. */
export interface McpConnection {
  readonly client: Client
  /** A stdio server's pid (the server's, or that of the wrapper bounding it), for tests and diagnostics. */
  readonly pid: number | undefined
  /** True once the transport closed (server exit, network failure or `close`). */
  readonly closed: boolean
}

interface Entry extends McpConnection {
  closed: boolean
  readonly transport: Transport
}

const clientInfo = { name: 'toolhost', version: '0.1.0' }

/**
 * One lazily opened connection per registration. A connection that closed is replaced on next
 * use, which is how a crashed server is reconnected.
 */
export class ConnectionPool {
  readonly #options: ConnectionPoolOptions
  readonly #open = new Map<string, Promise<Entry>>()
  // The last HTTP transport of each registration with an OAuth client, to finish its authorization.
  readonly #authorizing = new Map<string, StreamableHTTPClientTransport>()
  #shutDown = false

  constructor(options: ConnectionPoolOptions) {
    this.#options = options
  }

  /**
   * The open connection of a registration, connecting (initialize handshake within the connect
   * timeout) when there is none or the last one closed.
   * @throws the connect failure; nothing was sent to the server's tools then
   */
  async get(registrationId: string, config: McpTransportConfig): Promise<McpConnection> {
    if (this.#shutDown) throw new Error('the MCP client is closed')
    const existing = this.#open.get(registrationId)
    if (existing !== undefined) {
      const entry = await existing.catch(() => undefined)
      if (entry !== undefined && !entry.closed) return entry
      if (this.#open.get(registrationId) === existing) this.#open.delete(registrationId)
      else return this.get(registrationId, config)
    }
    const opening = this.#connect(registrationId, config)
    this.#open.set(registrationId, opening)
    opening.catch(() => {
      if (this.#open.get(registrationId) === opening) this.#open.delete(registrationId)
    })
    return opening
  }

  /** The connection of a registration if one is open (never connects). */
  async peek(registrationId: string): Promise<McpConnection | undefined> {
    const entry = await this.#open.get(registrationId)?.catch(() => undefined)
    return entry?.closed === false ? entry : undefined
  }

  /** Closes the connection of one registration (its server and all it started are killed). */
  async drop(registrationId: string): Promise<void> {
    const opening = this.#open.get(registrationId)
    this.#open.delete(registrationId)
    this.#authorizing.delete(registrationId)
    const entry = await opening?.catch(() => undefined)
    if (entry !== undefined) await closeEntry(entry)
  }

  /**
   * Completes the OAuth authorization a registration's server asked for (exchanges the code for
   * tokens through the registration's auth provider); the next request or connect uses them.
   * @throws Error when the registration has no HTTP transport with an auth provider yet
   */
  async finishAuth(registrationId: string, authorizationCode: string): Promise<void> {
    const transport = this.#authorizing.get(registrationId)
    if (transport === undefined) throw new Error(`no authorization is pending for MCP registration ${registrationId}`)
    await transport.finishAuth(authorizationCode)
  }

  /** Closes every connection; later `get` calls fail. */
  async closeAll(): Promise<void> {
    this.#shutDown = true
    await Promise.all([...this.#open.keys()].map((id) => this.drop(id)))
  }

  async #connect(registrationId: string, config: McpTransportConfig): Promise<Entry> {
    const sdk = await loadClientSdk()
    const { Client, ElicitRequestSchema, ToolListChangedNotificationSchema, BoundedStdioTransport } = sdk
    const transport = trackSends(this.#transport(sdk, registrationId, config))
    const onElicit = this.#options.onElicit
    const client = new Client(clientInfo, {
      capabilities: onElicit === undefined ? {} : { elicitation: { form: { applyDefaults: true } } },
    })
    if (onElicit !== undefined)
      client.setRequestHandler(ElicitRequestSchema, (request) => onElicit(registrationId, request.params))
    const entry: Entry = { client, transport, closed: false, pid: undefined }
    client.onclose = () => {
      entry.closed = true
    }
    // Transport errors also surface as rejected requests or a close; nothing to add here.
    client.onerror = () => {}
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.#options.onToolsChanged(registrationId))
    try {
      await client.connect(transport, { timeout: this.#options.connectTimeoutMs })
    } catch (error) {
      await closeEntry(entry)
      throw error
    }
    return Object.assign(entry, { pid: transport instanceof BoundedStdioTransport ? transport.pid : undefined })
  }

  #transport(sdk: ClientSdk, registrationId: string, config: McpTransportConfig): Transport {
    if (config.kind === 'stdio') {
      return new sdk.BoundedStdioTransport({
        ...config,
        maxMessageBytes: this.#options.maxMessageBytes,
        killGraceMs: this.#options.killGraceMs,
      })
    }
    const { authProvider } = this.#options.runtime(registrationId)
    const transport = new sdk.StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: { headers: { ...config.headers } },
      ...(authProvider !== undefined && { authProvider }),
    })
    if (authProvider !== undefined) this.#authorizing.set(registrationId, transport)
    return transport
  }
}

async function closeEntry(entry: Entry): Promise<void> {
  entry.closed = true
  try {
    await entry.client.close()
  } catch {
    // Closing a broken connection may fail; the transport below is closed regardless.
  }
  await entry.transport.close().catch(() => {})
}

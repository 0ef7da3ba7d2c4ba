import type { CatalogDiagnostic, CatalogTool } from '../../catalog/catalog-tool.js'
import type { McpRegistrationRecord, McpToolPermission, McpToolRecord } from '../../store/mcp-servers.js'
import type { Store } from '../../store/open-store.js'
import { fillText } from '../../text/model-text.js'
import { formatBytes } from '../../text/quantities.js'
import type { ToolCallContext, ToolOutput, ToolProgress } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { callMcpTool } from './call-mcp-tool.js'
import { CircuitBreaker } from './circuit-breaker.js'
import { ConnectionPool } from './connection-pool.js'
import { cacheFromListing, listAllTools } from './list-tools.js'
import { mapCallResult } from './map-call-result.js'
import { createMcpCatalogTool, mcpToolId } from './mcp-catalog-tool.js'
import { mcpTexts } from './mcp-texts.js'
import type { McpElicitHandler, McpRuntimeOptions } from './runtime-options.js'
import { checkTransport, type McpTransportInput } from './transport-input.js'

/** Largest arguments object (as JSON) sent to an MCP tool. */
export const maxMcpArgumentBytes = 256 * 1024

/** Options of {@link McpClientManager}; every limit has the DESIGN §11 default. */
export interface McpClientManagerOptions {
  /** Where registrations, the tool cache and permissions live. */
  readonly store: Store
  /** Connect and initialize; default 30 s. */
  readonly connectTimeoutMs?: number
  /** Listing all pages of tools; default 60 s. */
  readonly listTimeoutMs?: number
  /** A call without progress; default 60 s. */
  readonly callTimeoutMs?: number
  /** A call however much progress it reports; default 10 min. Also each tool's `timeoutMs`. */
  readonly maxCallMs?: number
  /** Consecutive failures that pause a registration; default 5. */
  readonly failuresBeforePause?: number
  /** How long a pause lasts; default 60 s. */
  readonly pauseMs?: number
  /** Largest message a stdio server may send; default 16 MiB. */
  readonly maxMessageBytes?: number
  /** Time a stdio server gets between SIGTERM and SIGKILL on close; default 2 s. */
  readonly killGraceMs?: number
  readonly now?: () => number
  /** Called after the tool cache of a registration was refreshed on `tools/list_changed`. */
  readonly onToolsChanged?: (registrationId: string) => void
  /** Answers servers' form elicitation requests; without it the client declares no elicitation. */
  readonly onElicit?: McpElicitHandler
}

/**
 * The MCP client side of the host: registered servers, explicit discovery into the store's tool
 * cache, per-tool Off / Ask / Allow, and catalog tools built from the cache only. Connections are
 * opened on first use, kept, and reopened after a failure; `close()` ends every server process.
 *
 * @example
 * const mcp = new McpClientManager({ store })
 * const { id } = mcp.register('Everything', { kind: 'stdio', command: 'npx', args: ['-y', 'server-everything'] })
 * await mcp.discover(id)
 * mcp.setPermission(id, 'echo', 'allow')
 * const { tools } = mcp.catalogSource()
 */
export class McpClientManager {
  readonly #store: Store
  readonly #limits: { connectTimeoutMs: number; listTimeoutMs: number; callTimeoutMs: number; maxCallMs: number }
  readonly #pool: ConnectionPool
  readonly #breaker: CircuitBreaker
  readonly #failuresBeforePause: number
  readonly #onToolsChanged: ((registrationId: string) => void) | undefined
  readonly #refreshing = new Map<string, Promise<void>>()
  readonly #runtime = new Map<string, McpRuntimeOptions>()

  constructor(options: McpClientManagerOptions) {
    this.#store = options.store
    this.#limits = {
      connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
      listTimeoutMs: options.listTimeoutMs ?? 60_000,
      callTimeoutMs: options.callTimeoutMs ?? 60_000,
      maxCallMs: options.maxCallMs ?? 600_000,
    }
    this.#onToolsChanged = options.onToolsChanged
    this.#failuresBeforePause = options.failuresBeforePause ?? 5
    this.#breaker = new CircuitBreaker({
      failures: this.#failuresBeforePause,
      pauseMs: options.pauseMs ?? 60_000,
      now: options.now ?? Date.now,
    })
    this.#pool = new ConnectionPool({
      connectTimeoutMs: this.#limits.connectTimeoutMs,
      maxMessageBytes: options.maxMessageBytes ?? 16 * 1024 * 1024,
      killGraceMs: options.killGraceMs ?? 2000,
      onToolsChanged: (id) => void this.#refreshOnChange(id),
      runtime: (id) => this.#runtime.get(id) ?? {},
      ...(options.onElicit !== undefined && { onElicit: options.onElicit }),
    })
  }

  /**
   * Registers a server under a display name (it names the tools' aliases) and returns its record.
   * Nothing connects until {@link discover}. `runtime` (e.g. an OAuth client) is kept in memory
   * for this manager only and never stored.
   * @throws TypeError for an empty name, an empty command, a URL that is not http(s), or an auth
   *   provider for a stdio server
   */
  register(name: string, transport: McpTransportInput, runtime: McpRuntimeOptions = {}): McpRegistrationRecord {
    if (name.trim() === '') throw new TypeError('an MCP server needs a display name')
    if (runtime.authProvider !== undefined && transport.kind !== 'http')
      throw new TypeError('only an HTTP MCP server can use an auth provider')
    const record = this.#store.mcpServers.createRegistration(name.trim(), checkTransport(transport))
    this.#runtime.set(record.id, runtime)
    return record
  }

  /**
   * Completes the OAuth authorization a registration's server asked for, with the code the user's
   * authorization returned; retry the failed `discover` or call afterwards.
   * @throws Error when the registration has no auth provider or no connection attempt was made
   */
  async finishAuth(registrationId: string, authorizationCode: string): Promise<void> {
    await this.#pool.finishAuth(registrationId, authorizationCode)
  }

  registrations(): McpRegistrationRecord[] {
    return this.#store.mcpServers.listRegistrations()
  }

  /** The cached tools of a registration with their permissions. */
  tools(registrationId: string): McpToolRecord[] {
    return this.#store.mcpServers.tools(registrationId)
  }

  /** Removes a registration, its cache and permissions, and closes its connection. */
  async unregister(registrationId: string): Promise<boolean> {
    await this.#pool.drop(registrationId)
    this.#runtime.delete(registrationId)
    return this.#store.mcpServers.removeRegistration(registrationId)
  }

  /**
   * Connects (if not connected), lists every tool and replaces the cache. New tools start Off; a
   * tool whose description, schema or hints changed loses Allow (Ask stays Ask).
   * @throws Error when the registration is unknown or the server cannot be reached or listed
   */
  async discover(registrationId: string): Promise<McpToolRecord[]> {
    const registration = this.#registration(registrationId)
    const connection = await this.#pool.get(registrationId, registration.transport).catch((error: unknown) => {
      throw new Error(
        `cannot connect to MCP server "${registration.name}": ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      )
    })
    const listed = await listAllTools(connection.client, this.#limits.listTimeoutMs)
    const servers = this.#store.mcpServers
    this.#store.transaction(() =>
      servers.replaceTools(registrationId, cacheFromListing(listed, servers.tools(registrationId))),
    )
    return servers.tools(registrationId)
  }

  /**
   * Sets whether a cached tool is offered: `off` (not at all), `ask` (each call needs approval) or
   * `allow`. Takes effect for calls from snapshots made before, too.
   * @throws StoreError `store.not_found` when the tool is not cached
   */
  setPermission(registrationId: string, toolName: string, permission: McpToolPermission): void {
    this.#store.mcpServers.setPermission(registrationId, toolName, permission)
  }

  /** The pid of a registration's stdio server (or of the wrapper bounding it) while connected. */
  async serverPid(registrationId: string): Promise<number | undefined> {
    return (await this.#pool.peek(registrationId))?.pid
  }

  /**
   * The catalog tools of every registration, from the cache only (nothing connects): tools that are
   * Off, and tools whose input schema ajv refuses, are left out with a diagnostic.
   */
  catalogSource(): { tools: CatalogTool[]; diagnostics: CatalogDiagnostic[] } {
    const tools: CatalogTool[] = []
    const diagnostics: CatalogDiagnostic[] = []
    const runtime = {
      currentPermission: (id: string, name: string) => this.#store.mcpServers.tool(id, name)?.permission,
      call: (id: string, name: string, input: Record<string, unknown>, ctx: ToolCallContext) =>
        this.callTool(id, name, input, ctx.signal),
    }
    for (const registration of this.registrations()) {
      for (const record of this.tools(registration.id)) {
        const toolId = mcpToolId(registration.id, record.name)
        if (record.permission === 'off') {
          diagnostics.push({
            toolId,
            code: 'mcp.tool_off',
            message: `${toolId} (${registration.name}) is off; set it to ask or allow to offer it`,
          })
          continue
        }
        try {
          tools.push(createMcpCatalogTool(registration, record, runtime, { maxCallMs: this.#limits.maxCallMs }))
        } catch (error) {
          diagnostics.push({
            toolId,
            code: 'mcp.invalid_schema',
            message: `${toolId}: ${error instanceof Error ? error.message : String(error)}`,
          })
        }
      }
    }
    return { tools, diagnostics }
  }

  /** Closes every connection and kills every stdio server with everything it started. */
  async close(): Promise<void> {
    await this.#pool.closeAll()
    await Promise.allSettled([...this.#refreshing.values()])
  }

  /**
   * Calls a cached tool, yielding the server's progress reports, and returns its mapped result.
   * Refuses tools that are Off; Ask approval is the caller's part (catalog tools ask before this).
   * @throws ToolError `mcp.unavailable`, `mcp.tool_off`, `mcp.arguments_too_large`,
   *   `mcp.server_paused`, `mcp.not_sent`, `mcp.refused` or `tool.outcome_unknown`
   */
  async *callTool(
    registrationId: string,
    toolName: string,
    input: Record<string, unknown>,
    signal: AbortSignal = new AbortController().signal,
  ): AsyncGenerator<ToolProgress, ToolOutput, void> {
    // Re-read: the registration or permission may have changed since the snapshot was made.
    const registration = this.#store.mcpServers.getRegistration(registrationId)
    const record = registration === undefined ? undefined : this.#store.mcpServers.tool(registrationId, toolName)
    if (registration === undefined || record === undefined) throw new ToolError('mcp.unavailable', mcpTexts.unavailable)
    if (record.permission === 'off') throw new ToolError('mcp.tool_off', mcpTexts.toolOff)
    const size = Buffer.byteLength(JSON.stringify(input))
    if (size > maxMcpArgumentBytes) {
      throw new ToolError(
        'mcp.arguments_too_large',
        fillText(mcpTexts.argumentsTooLarge, { size: formatBytes(size), limit: formatBytes(maxMcpArgumentBytes) }),
      )
    }
    const pausedMs = this.#breaker.pausedFor(registrationId)
    if (pausedMs > 0) {
      throw new ToolError(
        'mcp.server_paused',
        fillText(mcpTexts.serverPaused, {
          server: registration.name,
          failures: this.#failuresBeforePause,
          seconds: Math.ceil(pausedMs / 1000),
        }),
      )
    }
    const connection = await this.#pool.get(registrationId, registration.transport).catch((error: unknown) => {
      this.#breaker.failed(registrationId)
      const reason = error instanceof Error ? error.message : String(error)
      throw new ToolError('mcp.not_sent', fillText(mcpTexts.notSent, { server: registration.name, reason }), { reason })
    })
    const result = yield* callMcpTool(
      connection,
      registration.name,
      toolName,
      input,
      signal,
      this.#limits,
      ({ error }) => {
        if (error.code === 'mcp.refused') return this.#breaker.succeeded(registrationId)
        this.#breaker.failed(registrationId)
        // A connection that could not carry the request (server gone, session expired) is reopened next time.
        if (error.code === 'mcp.not_sent') void this.#pool.drop(registrationId)
      },
    )
    this.#breaker.succeeded(registrationId)
    return mapCallResult(result)
  }

  // One refresh at a time per registration; a notification during one starts another after it.
  async #refreshOnChange(registrationId: string): Promise<void> {
    const previous = this.#refreshing.get(registrationId) ?? Promise.resolve()
    const next = previous.then(async () => {
      if ((await this.#pool.peek(registrationId)) === undefined) return
      try {
        await this.discover(registrationId)
        this.#onToolsChanged?.(registrationId)
      } catch {
        // The cache keeps the last good listing; the next discovery or notification retries.
      }
    })
    this.#refreshing.set(registrationId, next)
    await next
    if (this.#refreshing.get(registrationId) === next) this.#refreshing.delete(registrationId)
  }

  #registration(registrationId: string): McpRegistrationRecord {
    const registration = this.#store.mcpServers.getRegistration(registrationId)
    if (registration === undefined) throw new Error(`no MCP server is registered with id ${registrationId}`)
    return registration
  }
}

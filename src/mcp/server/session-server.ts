import { snapshotIndex } from '../../snapshot/snapshot-index.js'
import { randomUUID } from 'node:crypto'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ProgressToken,
  type ServerNotification,
} from '@modelcontextprotocol/sdk/types.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { ProfileOverrides } from '../../profile/load-profile.js'
import type { Scope } from '../../core/scope.js'
import { TurnPausedError } from '../../execution/execute-turn.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { Invocation } from '../../host/invocation.js'
import type { ToolProgressEvent } from '../../execution/run/run-call.js'
import { mcpApprover } from './mcp-approver.js'
import { mcpResult, mcpTool } from './map-result.js'

/** What every MCP session of a served host is built from. */
export interface McpSessionOptions {
  /** The profile whose snapshot is served (as `createInvocation` takes it); default `default`. */
  readonly profile?: string | Profile | ProfileOverrides
  /** Default `session`. */
  readonly scope?: Scope
  /** The name and version reported in `initialize`; default `toolhost`. */
  readonly serverInfo?: { readonly name: string; readonly version: string }
  /**
   * Adds to each session's SDK server before it connects (e.g. resources or prompts, with
   * `server.registerCapabilities`). Tools are toolhost's; do not handle `tools/*` here.
   */
  readonly configure?: (server: Server) => void
}

/**
 * Builds the SDK server of one MCP session over one toolhost invocation. The low-level `Server` is
 * used because the tool list is a frozen snapshot with compiled JSON Schemas, not zod shapes.
 *
 * The invocation is created when the client finishes initializing (or on first use), with the
 * `anthropic` protocol: its schema compiler keeps JSON Schema 2020-12 as is, which MCP expects.
 */
export function createSessionServer(host: ToolHost, options: McpSessionOptions): Server {
  const server = new Server(options.serverInfo ?? { name: 'toolhost', version: '0.1.0' }, {
    capabilities: { tools: {} },
  })
  let invocation: Promise<Invocation> | undefined
  // Progress of running calls goes to the request that asked for it (by its progress token).
  const progressSinks = new Map<string, (event: ToolProgressEvent) => void>()
  const current = (): Promise<Invocation> => {
    const onProgress = (event: ToolProgressEvent) => progressSinks.get(event.callId)?.(event)
    invocation ??= host.createInvocation({
      ...(options.profile !== undefined && { profile: options.profile }),
      scope: options.scope ?? 'session',
      protocol: 'anthropic',
      approver: mcpApprover(server),
      onProgress,
    })
    return invocation
  }
  server.oninitialized = () => {
    // Started here so a broken profile shows up early; the error surfaces on the next request.
    current().catch(() => undefined)
  }
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: (await current()).offered.map(mcpTool) }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const inv = await current()
    const { name } = request.params
    // Unknown names are a protocol error in MCP, not a result the model reads.
    if (snapshotIndex(inv.snapshot).byAlias(name) === undefined)
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`)
    const callId = `mcp_${randomUUID()}`
    const progressToken = request.params._meta?.progressToken
    if (progressToken !== undefined) progressSinks.set(callId, progressSender(progressToken, extra.sendNotification))
    try {
      const [result] = await inv.executeTurn({
        calls: [{ callId, name, arguments: request.params.arguments ?? {} }],
        signal: extra.signal,
      })
      if (result === undefined) throw new McpError(ErrorCode.InternalError, 'The call produced no result.')
      return await mcpResult(result, host.store().runDir(inv.runId))
    } catch (error) {
      // The MCP approver never leaves requests pending; guard anyway so a session cannot hang.
      if (error instanceof TurnPausedError) return { content: [{ type: 'text', text: error.message }], isError: true }
      throw error
    } finally {
      progressSinks.delete(callId)
    }
  })
  options.configure?.(server)
  return server
}

/** Sends a tool's progress as `notifications/progress`; reports without a number count up. */
function progressSender(
  token: ProgressToken,
  send: (notification: ServerNotification) => Promise<void>,
): (event: ToolProgressEvent) => void {
  let count = 0
  return (event) => {
    count = event.progress ?? count + 1
    const params = {
      progressToken: token,
      progress: count,
      ...(event.total !== undefined && { total: event.total }),
      message: event.message,
    }
    send({ method: 'notifications/progress', params }).catch(() => undefined)
  }
}

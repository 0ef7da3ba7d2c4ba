import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js'
import { fillText } from '../../text/model-text.js'
import type { ToolProgress } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { loadClientSdk, type ClientSdk } from './client-sdk.js'
import type { McpConnection } from './connection-pool.js'
import { mcpTexts } from './mcp-texts.js'
import { withSendTracking, type SendState } from './track-sends.js'

/** Limits of one call. */
export interface CallLimits {
  /** Without progress, a call fails after this long. */
  readonly callTimeoutMs: number
  /** Progress notifications extend a call up to this long in all. */
  readonly maxCallMs: number
}

/** How a failed call ended: the error the model gets (its code tells whether the server answered). */
export type CallFailure = { readonly error: ToolError; readonly cause: unknown }

type Outcome =
  | { readonly ok: true; readonly result: CallToolResult }
  | { readonly ok: false; readonly error: unknown; readonly sent: SendState }

function progressOf(p: Progress): ToolProgress {
  const amount = p.total === undefined ? `${p.progress}` : `${p.progress}/${p.total}`
  return {
    message: p.message ?? `Progress ${amount}`,
    progress: p.progress,
    ...(p.total !== undefined && { total: p.total }),
  }
}

/**
 * Sends `tools/call` and yields the server's progress reports until the result arrives. Aborting
 * `signal` makes the SDK send `notifications/cancelled`. Never retries: once a request may have
 * reached the server, running it again could repeat its effects.
 * @throws ToolError `mcp.not_sent`, `tool.outcome_unknown` or `mcp.refused` (see {@link classifyFailure});
 *   the signal's reason when aborted
 */
export async function* callMcpTool(
  connection: McpConnection,
  serverName: string,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
  limits: CallLimits,
  onFailure: (failure: CallFailure) => void,
): AsyncGenerator<ToolProgress, CallToolResult, void> {
  // Loaded already: the connection was opened with it.
  const sdk = await loadClientSdk()
  const reports: ToolProgress[] = []
  let wake: (() => void) | undefined
  let outcome: Outcome | undefined
  const options = {
    signal,
    timeout: limits.callTimeoutMs,
    resetTimeoutOnProgress: true,
    maxTotalTimeout: limits.maxCallMs,
    onprogress: (p: Progress) => {
      reports.push(progressOf(p))
      wake?.()
    },
  }
  const finished = withSendTracking(async (sent): Promise<Outcome> => {
    try {
      const result = await connection.client.callTool({ name, arguments: args }, sdk.CallToolResultSchema, options)
      return { ok: true, result: result as CallToolResult }
    } catch (error) {
      return { ok: false, error, sent }
    }
  }).then((o) => {
    outcome = o
    wake?.()
  })
  while (outcome === undefined || reports.length > 0) {
    const next = reports.shift()
    if (next !== undefined) {
      yield next
      continue
    }
    await Promise.race([finished, new Promise<void>((resolve) => (wake = resolve))])
    wake = undefined
  }
  if (outcome.ok) return outcome.result
  if (signal.aborted) throw signal.reason
  const error = classifyFailure(sdk, outcome.error, outcome.sent, serverName)
  onFailure({ error, cause: outcome.error })
  throw error
}

/**
 * Turns a failed request into what the model is told: not sent (safe to retry), refused by the
 * server (a JSON-RPC error or an HTTP 4xx: it answered, so nothing ran), or outcome unknown
 * (timeout, crash, disconnect or anything else after the request may have been written).
 */
export function classifyFailure(sdk: ClientSdk, error: unknown, sent: SendState, serverName: string): ToolError {
  const { ErrorCode, McpError, StreamableHTTPError } = sdk
  const reason = error instanceof Error ? error.message : String(error)
  // HTTP 404 is how a server says it does not know the session: it processed nothing.
  const sessionGone = error instanceof StreamableHTTPError && error.code === 404
  if (!sent.attempted || sent.notWritten || sessionGone)
    return new ToolError('mcp.not_sent', fillText(mcpTexts.notSent, { server: serverName, reason }), { reason })
  const answered =
    (error instanceof McpError &&
      error.code !== ErrorCode.ConnectionClosed &&
      error.code !== ErrorCode.RequestTimeout) ||
    (error instanceof StreamableHTTPError && error.code !== undefined && error.code >= 400 && error.code < 500)
  if (answered)
    return new ToolError('mcp.refused', fillText(mcpTexts.refused, { server: serverName, message: reason }), { reason })
  return new ToolError('tool.outcome_unknown', mcpTexts.outcomeUnknown, { reason })
}

import { guardedRequest, type GuardedRequestResponse } from '../net/guarded-request.js'
import { NetError } from '../net/net-error.js'
import type { HostResolver } from '../net/resolve-host.js'
import { fillText } from '../text/model-text.js'
import type { ToolCallContext } from '../tool/define-tool.js'
import { webNetworkSettings } from '../net/network-settings.js'
import type { HttpRequest } from './parse-reply.js'
import { httpError, processError, processTexts, type RoundRecord } from './process-errors.js'
import { processLimits } from './process-spec.js'
import { urlAllowed } from './url-allow-list.js'
import { untilAborted } from './until-aborted.js'

/** What the process receives for an HTTP request, as `response` of its next round. */
export interface HttpResponseForProcess {
  readonly status: number
  readonly statusText: string
  readonly headers: GuardedRequestResponse['headers']
  /** The body as UTF-8 text, cut at {@link processLimits.maxHttpBodyBytes}. */
  readonly body: string
  readonly truncated: boolean
}

/** Who asks, and under which rules. */
export interface HttpOperationContext {
  readonly toolId: string
  readonly risk: 'low' | 'high'
  /** The spec's allow-list with `${NAME}` already replaced. */
  readonly allow: readonly string[]
  readonly ctx: ToolCallContext
  /** The call's signal, including its total time limit. */
  readonly signal: AbortSignal
  /** Time left for the call. */
  readonly remainingMs: number
  readonly resolve?: HostResolver
  readonly record: RoundRecord
}

/**
 * Performs an HTTP request for a process. A URL under the spec's `http.allow` prefixes is sent at
 * once for a low-risk tool; anything else (another URL, or a high-risk tool) is sent only once the
 * invocation's approver agrees (`process.http_denied` otherwise). Either way the request goes
 * through the guarded client: private, loopback and metadata addresses stay refused unless
 * `profile.network.allowPrivateHosts` allows them, whatever was approved. Redirects are returned to
 * the process, which must ask for the new URL (checked again) itself.
 */
export async function performHttp(request: HttpRequest, op: HttpOperationContext): Promise<HttpResponseForProcess> {
  const { method, url } = request
  const allowed = urlAllowed(new URL(url), op.allow)
  if (op.risk === 'high' || !allowed) {
    const template = allowed ? processTexts.approveHighRisk : processTexts.approveOutsideAllowList
    const approval = op.ctx.requestApproval({
      reason: fillText(template, { toolId: op.toolId, method, url }),
      detail: { method, url, description: request.description },
    })
    const approved = await untilAborted(approval, op.signal)
    if (!approved)
      throw processError(
        'process.http_denied',
        processTexts.httpDenied,
        { method, url },
        { ...op.record, http: { method, url, allowed } },
      )
  }
  let response: GuardedRequestResponse
  try {
    response = await guardedRequest(url, {
      method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      allowPrivateHosts: webNetworkSettings(op.ctx.profile).allowPrivateHosts,
      signal: op.signal,
      maxBytes: processLimits.maxHttpBodyBytes,
      timeoutMs: Math.max(1, Math.min(processLimits.httpTimeoutMs, op.remainingMs)),
      ...(op.resolve !== undefined && { resolve: op.resolve }),
    })
  } catch (error) {
    // A cancellation or the call's own time limit is the loop's to report.
    if (error instanceof NetError && !op.signal.aborted) throw httpError(error, method, url, op.record)
    throw error
  }
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: response.body.toString('utf8'),
    truncated: response.truncated,
  }
}

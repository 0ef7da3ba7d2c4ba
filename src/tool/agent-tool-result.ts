import type { ResultErrorCode } from '../core/error-codes.js'
import type { ToolId } from '../core/tool-id.js'

/** An image a result carries, stored as a file; results hold only its path and type. */
export interface ResultImage {
  readonly path: string
  readonly mimeType: string
}

/**
 * What one tool call produces, in the shape every protocol replays. Errors the model can fix are
 * results with `isError: true` and an `errorCode`.
 */
export interface AgentToolResult {
  readonly callId: string
  /** The stable id, or `null` when the model called a name the snapshot does not have. */
  readonly toolId: ToolId | null
  /** The text the model reads. */
  readonly content: string
  readonly structured?: Record<string, unknown>
  readonly isError: boolean
  readonly errorCode?: string
  readonly resourceRefs: readonly string[]
  readonly images: readonly ResultImage[]
}

/**
 * Builds an error result. A code written here must be a registered recoverable code; a code passed
 * on from a `ToolError` may be the tool's own.
 */
export function errorResult<C extends string>(
  callId: string,
  toolId: ToolId | null,
  errorCode: C & ResultErrorCode<C>,
  content: string,
  structured?: Record<string, unknown>,
): AgentToolResult {
  return {
    callId,
    toolId,
    content,
    isError: true,
    errorCode,
    resourceRefs: [],
    images: [],
    ...(structured ? { structured } : {}),
  }
}

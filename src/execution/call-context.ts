import type { Snapshot } from '../snapshot/snapshot.js'
import type { ToolCallContext } from '../tool/define-tool.js'
import type { ToolId } from '../tool/tool-id.js'

/** Builds the context a call (and its permission check) receives, naming tools by snapshot alias. */
export function callContext(snapshot: Snapshot, invocationId: string, callId: string, toolId: ToolId, signal: AbortSignal): ToolCallContext {
  const aliasOf = (id: ToolId) => snapshot.bindings.find((binding) => binding.toolId === id)?.alias
  return {
    callId,
    toolId,
    invocationId,
    signal,
    scope: snapshot.scope,
    protocol: snapshot.protocol,
    alias: (id) => aliasOf(id) ?? id,
    has: (id) => aliasOf(id) !== undefined,
  }
}

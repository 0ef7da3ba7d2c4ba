import type { ToolId } from '../../core/tool-id.js'
import type { ToolProgressEvent } from '../../execution/run/run-call.js'
import type { AgentEvent } from './agent-events.js'

/**
 * Turns an invocation's progress reports into `tool-progress` events of the agent `agentId`.
 * `aliasOf` names the tool as the model calls it; it is asked when a report arrives, so it may
 * read an invocation created after this listener.
 */
export function toolProgressListener(
  agentId: string,
  aliasOf: (toolId: ToolId) => string,
  emit: (event: AgentEvent) => void,
): (event: ToolProgressEvent) => void {
  return ({ callId, toolId, message, progress, total, elapsedMs }) =>
    emit({
      type: 'tool-progress',
      agentId,
      callId,
      toolId,
      alias: aliasOf(toolId),
      message,
      ...(progress !== undefined && { progress }),
      ...(total !== undefined && { total }),
      elapsedMs,
    })
}

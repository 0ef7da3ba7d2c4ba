import type { ToolId } from '../../core/tool-id.js'
import type { Invocation } from '../../host/invocation.js'
import type { TranscriptCall } from '../../store/transcript.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'

/** A call as people see it: the tool it reaches and its one-line title, when the tool renders one. */
export interface CallDisplay {
  readonly toolId: ToolId | null
  readonly title?: string
}

/**
 * What a UI shows for a call: the tool's `renderToolUseMessage` of the parsed arguments. Arguments
 * that do not parse, or a render that throws, give no title (the UI shows a generic line): a
 * display never fails a run.
 */
export function callDisplay(invocation: Invocation, call: TranscriptCall): CallDisplay {
  const tool = invocation.toolByAlias(call.name)
  if (tool === undefined) return { toolId: null }
  const title = safely(() => {
    const input: unknown = JSON.parse(call.rawArguments === '' ? '{}' : call.rawArguments)
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
    return tool.renderToolUseMessage?.(input as Record<string, unknown>)
  })
  return { toolId: tool.id, ...(title !== undefined && { title }) }
}

/** The tool's `renderToolResultMessage` of a successful result, when it has one. */
export function resultSummary(invocation: Invocation, result: AgentToolResult): string | undefined {
  if (result.isError || result.toolId === null) return undefined
  const tool = invocation.toolById(result.toolId)
  return safely(() =>
    tool?.renderToolResultMessage?.({
      content: result.content,
      ...(result.structured !== undefined && { structured: result.structured }),
    }),
  )
}

function safely(render: () => string | undefined): string | undefined {
  try {
    const text = render()
    return text === undefined || text === '' ? undefined : text
  } catch {
    return undefined
  }
}

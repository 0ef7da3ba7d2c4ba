import type { ModelMessage, ToolApprovalStatus, ToolSet } from 'ai'
import type { ToolhostAdapter } from '../core/index.js'

/** The toolhost adapter behind each tool `aiSdkTools` made, and the alias it calls. */
const toolhostTools = new WeakMap<object, { readonly adapter: ToolhostAdapter; readonly alias: string }>()

/** Marks a tool as one of toolhost's, for {@link aiSdkToolApproval}. */
export function rememberToolhostTool(tool: object, adapter: ToolhostAdapter, alias: string): void {
  toolhostTools.set(tool, { adapter, alias })
}

/** What the AI SDK passes a `toolApproval` function, as far as {@link aiSdkToolApproval} reads it. */
export interface AiSdkApprovalQuestion {
  readonly toolCall: { readonly toolName: string; readonly toolCallId: string; readonly input: unknown }
  readonly tools: ToolSet | undefined
  readonly messages: ModelMessage[]
}

/**
 * A `toolApproval` function for `generateText` / `streamText` (the AI SDK's current place for
 * approvals): for a tool of `aiSdkTools` in mode `framework`, `user-approval` with toolhost's reason
 * (e.g. `Asked by rule builtin:workspace.shell(git push *).`, shown to the person with the
 * request) when toolhost's rules would ask; other tools keep their own `needsApproval`.
 *
 * @example
 * const tools = { ...aiSdkTools(invocation, { host, approvals: 'framework' }), weather }
 * const result = await generateText({ model, tools, toolApproval: aiSdkToolApproval(), prompt: 'Deploy it.' })
 * for (const part of result.content) if (part.type === 'tool-approval-request') console.log(part.reason)
 */
export function aiSdkToolApproval(): (question: AiSdkApprovalQuestion) => Promise<ToolApprovalStatus> {
  return async ({ toolCall, tools, messages }) => {
    const tool = tools?.[toolCall.toolName]
    if (tool === undefined) return 'not-applicable'
    const ours = toolhostTools.get(tool)
    if (ours !== undefined) {
      const reason = await ours.adapter.approvalReason(ours.alias, toolCall.input)
      return reason === undefined ? 'not-applicable' : { type: 'user-approval', reason }
    }
    // A tool-level setting the AI SDK would have used had no toolApproval function been given.
    const own = tool.needsApproval
    const asks =
      typeof own === 'function'
        ? await own(toolCall.input, { toolCallId: toolCall.toolCallId, messages, context: {} })
        : own === true
    return asks ? 'user-approval' : 'not-applicable'
  }
}

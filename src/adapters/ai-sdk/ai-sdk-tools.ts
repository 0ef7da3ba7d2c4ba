import { jsonSchema, tool, type JSONSchema7, type ToolSet } from 'ai'
import type { Invocation } from '../../host/invocation.js'
import { createToolhostAdapter, type AdapterOptions } from '../core/index.js'
import { approvedInMessages } from './approved-in-messages.js'
import { modelOutput, toolOutput, type AiSdkToolOutput } from './model-output.js'
import { rememberToolhostTool } from './tool-approval.js'

/** Options of {@link aiSdkTools}. The approver name defaults to `ai-sdk`. */
export type AiSdkToolsOptions = AdapterOptions

/**
 * The tools of a toolhost invocation as an AI SDK `ToolSet`, for `generateText`, `streamText` or a
 * `ToolLoopAgent`: one tool per offered alias of the snapshot, with the binding's description and
 * JSON Schema. Every call goes through the invocation — gate, permission rules, approvals, the
 * scheduler, long-result files, images and the audit; the calls of one model step run as one
 * toolhost turn. The model reads exactly toolhost's text: errors it can fix (invalid arguments, a
 * denial, a tool error) are `error-text` results, never thrown.
 *
 * Approvals (`approvals` option): `invocation` (default) asks the invocation's approver during the
 * call. `framework` uses the AI SDK's approval flow: each tool's `needsApproval` says whether
 * toolhost's rules would ask (or pass `toolApproval: aiSdkToolApproval()`, which also gives the
 * request toolhost's reason), `generateText` returns `tool-approval-request` parts, and when the
 * application answers with an approving `tool-approval-response`, the call runs approved once by
 * `approver` (default `ai-sdk`), as the audit shows. Create the invocation without an approver then.
 *
 * @example
 * import { generateText, stepCountIs, type ModelMessage } from 'ai'
 * import { createToolHost } from 'toolhost'
 * import { aiSdkTools } from 'toolhost/ai-sdk'
 *
 * const host = await createToolHost()
 * const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-responses' })
 * const tools = aiSdkTools(invocation, { host, approvals: 'framework', approver: 'ai-sdk:alice' })
 * const messages: ModelMessage[] = [{ role: 'user', content: 'Tidy up the notes folder.' }]
 * let result = await generateText({ model, tools, messages, stopWhen: stepCountIs(20) })
 * messages.push(...result.response.messages)
 * const requests = result.content.filter((part) => part.type === 'tool-approval-request')
 * if (requests.length > 0) {
 *   // Ask the person, then answer every request and run on.
 *   messages.push({
 *     role: 'tool',
 *     content: requests.map((request) => ({ type: 'tool-approval-response', approvalId: request.approvalId, approved: true })),
 *   })
 *   result = await generateText({ model, tools, messages, stopWhen: stepCountIs(20) })
 * }
 */
export function aiSdkTools(invocation: Invocation, options: AiSdkToolsOptions): ToolSet {
  const adapter = createToolhostAdapter(invocation, options, 'ai-sdk')
  const runDir = options.host.store().runDir(invocation.runId)
  const tools: ToolSet = {}
  for (const binding of adapter.tools) {
    const { alias } = binding
    const made = tool<unknown, AiSdkToolOutput, Record<string, unknown>>({
      description: binding.description,
      // No validation here: the arguments reach toolhost's gate, whose errors the model can act on.
      inputSchema: jsonSchema<unknown>(binding.inputSchema as JSONSchema7),
      ...(binding.strict && { strict: true }),
      ...(adapter.mode === 'framework' && {
        needsApproval: (input: unknown) => adapter.needsApproval(alias, input),
      }),
      execute: async (input, { toolCallId, messages, abortSignal }) => {
        const approved = adapter.mode === 'framework' && approvedInMessages(messages, toolCallId)
        const { result } = await adapter.call({
          callId: toolCallId,
          alias,
          arguments: input,
          ...(approved && { approvedBy: adapter.approver }),
          ...(abortSignal !== undefined && { signal: abortSignal }),
        })
        return toolOutput(result)
      },
      toModelOutput: ({ output }) => modelOutput(output, runDir, invocation.acceptsImages),
    })
    rememberToolhostTool(made, adapter, alias)
    tools[alias] = made
  }
  return tools
}

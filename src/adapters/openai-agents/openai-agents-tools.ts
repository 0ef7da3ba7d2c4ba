import { randomUUID } from 'node:crypto'
import { tool, type FunctionTool, type RunContext } from '@openai/agents-core'
import type { Invocation } from '../../host/invocation.js'
import { dropStrictNulls } from '../../gate/strict-nulls.js'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import { createToolhostAdapter, type AdapterOptions, type ToolhostAdapter } from '../core/index.js'
import { agentsToolOutput, type AgentsToolOutput } from './agents-tool-output.js'

/** Options of {@link openAiAgentsTools}. */
export interface OpenAiAgentsToolsOptions<TContext = unknown> extends AdapterOptions {
  /**
   * Who approved a call in the SDK's approval flow (`approvals: 'framework'`), as the audit should
   * name them, e.g. from the run context; default `approver`, else `openai-agents`.
   */
  readonly approvedBy?: (
    runContext: RunContext<TContext>,
    call: { readonly alias: string; readonly callId: string },
  ) => string
}

/**
 * The tools of an invocation as OpenAI Agents SDK function tools: one per offered alias, with the
 * snapshot's description and JSON Schema (`strict` when the snapshot compiled it for OpenAI strict
 * mode). Every call goes through toolhost — the calls of one model step run as one toolhost turn,
 * through the gate, the permission rules, the scheduler and the audit — and the model reads exactly
 * toolhost's text, errors included (images as image parts).
 *
 * Approvals: with `approvals: 'invocation'` (default) the invocation's own approver answers while
 * the call waits. With `approvals: 'framework'` each tool's `needsApproval` says whether toolhost's
 * rules would ask, the run stops with `result.interruptions`, and a call approved with
 * `state.approve(item)` passes toolhost's gate as approved once by `approvedBy`. That holds across
 * `RunState` serialization: resume the invocation from the store in the new process and build the
 * tools again. Create the invocation without an approver in this mode. A call the person rejects is
 * answered by the SDK itself (the model reads its rejection message) and never reaches toolhost.
 *
 * @example
 * import { Agent, run, RunState } from '@openai/agents' // the SDK with its OpenAI models
 * import { createToolHost } from 'toolhost'
 * import { openAiAgentsTools } from 'toolhost/openai-agents'
 *
 * const host = await createToolHost()
 * const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-responses' })
 * const agent = new Agent({
 *   name: 'assistant',
 *   model: 'gpt-5-mini',
 *   tools: openAiAgentsTools(invocation, { host, approvals: 'framework', approver: 'openai-agents:alice' }),
 * })
 * let result = await run(agent, 'Tidy up the notes folder.')
 * while (result.interruptions.length > 0) {
 *   const saved = result.state.toString() // may be stored and restored in another process
 *   const state = await RunState.fromString(agent, saved)
 *   for (const item of state.getInterruptions()) state.approve(item)
 *   result = await run(agent, state)
 * }
 */
export function openAiAgentsTools<TContext = unknown>(
  invocation: Invocation,
  options: OpenAiAgentsToolsOptions<TContext>,
): FunctionTool<TContext, ToolParameters, AgentsToolOutput>[] {
  const adapter = createToolhostAdapter(invocation, options, 'openai-agents')
  return adapter.tools.map((binding) => agentsTool(adapter, binding, options))
}

/** The JSON Schema of a snapshot binding as the SDK types tool parameters, strict or not. */
type ToolParameters = FunctionTool['parameters']
type StrictParameters = Extract<ToolParameters, { additionalProperties: false }>
type NonStrictParameters = Extract<ToolParameters, { additionalProperties: true }>

function agentsTool<TContext>(
  adapter: ToolhostAdapter,
  binding: SnapshotBinding,
  options: OpenAiAgentsToolsOptions<TContext>,
): FunctionTool<TContext, ToolParameters, AgentsToolOutput> {
  const { alias } = binding
  const common = {
    name: alias,
    description: binding.description,
    // A static `false` when the invocation's approver answers: the SDK then skips its approval machinery.
    needsApproval:
      adapter.mode === 'framework'
        ? (_context: RunContext, input: unknown) => adapter.needsApproval(alias, gateInput(adapter, binding, input))
        : false,
    execute: async (
      input: unknown,
      context?: RunContext<TContext>,
      details?: { toolCall?: { callId: string; arguments: string }; signal?: AbortSignal },
    ) => {
      const callId = details?.toolCall?.callId ?? `openai-agents_${randomUUID()}`
      const approvedBy =
        adapter.mode === 'framework' && context?.isToolApproved({ toolName: alias, callId }) === true
          ? (options.approvedBy?.(context, { alias, callId }) ?? adapter.approver)
          : undefined
      const outcome = await adapter.call({
        callId,
        alias,
        // The text the model wrote, so toolhost's ToolArguments parse (and repair) it as for any model.
        arguments: details?.toolCall?.arguments ?? input,
        ...(approvedBy !== undefined && { approvedBy }),
        ...(details?.signal !== undefined && { signal: details.signal }),
      })
      return agentsToolOutput(outcome, adapter.invocation.acceptsImages)
    },
  }
  // The snapshot decided strictness when it compiled the schema for the protocol.
  const parameters = binding.inputSchema as ToolParameters
  return binding.strict
    ? tool({ ...common, parameters: parameters as StrictParameters, strict: true })
    : tool({ ...common, parameters: parameters as NonStrictParameters, strict: false })
}

/**
 * The arguments as toolhost's gate reads them: in strict mode the model sends `null` for an
 * optional property it leaves out, which the gate drops before checking — so must the approval check.
 */
function gateInput(adapter: ToolhostAdapter, binding: SnapshotBinding, input: unknown): unknown {
  const tool = binding.strict ? adapter.invocation.toolByAlias(binding.alias) : undefined
  if (tool === undefined || typeof input !== 'object' || input === null || Array.isArray(input)) return input
  return dropStrictNulls(input as Record<string, unknown>, tool.inputSchema)
}

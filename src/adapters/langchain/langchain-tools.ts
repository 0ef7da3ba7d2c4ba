import type { Invocation } from '../../host/invocation.js'
import { createToolhostAdapter, type AdapterOptions } from '../core/index.js'
import { ToolhostStructuredTool } from './toolhost-structured-tool.js'

/**
 * Options of {@link langChainTools}. Calls that need approval are answered by the invocation's own
 * approver while the call waits (or, with no approver, by a decision in toolhost's store:
 * `toolhost approvals approve <id> --no-continue`); LangChain has no approval flow of its own.
 */
export type LangChainToolsOptions = Omit<AdapterOptions, 'approvals' | 'approver'>

/**
 * The tools of an invocation as LangChain structured tools: one per offered alias, with the
 * snapshot's description and JSON Schema, for `model.bindTools(tools)`, LangGraph's `ToolNode` or a
 * loop of your own. Every call goes through toolhost — the calls of one model message run as one
 * toolhost turn (reads in parallel, writes in order), through the gate, the permission rules and
 * the audit — and comes back as a `ToolMessage` with exactly toolhost's text: invalid arguments,
 * denials and tool errors are messages with status `error` the model can act on, not exceptions.
 *
 * @example
 * import { HumanMessage, type BaseMessage } from '@langchain/core/messages'
 * import { ChatOpenAI } from '@langchain/openai'
 * import { createToolHost } from 'toolhost'
 * import { langChainTools } from 'toolhost/langchain'
 *
 * const host = await createToolHost()
 * const invocation = await host.createInvocation({
 *   scope: 'session',
 *   protocol: 'openai-chat',
 *   approver: async (request) => ({ behavior: 'allow', scope: 'once', approver: 'alice' }),
 * })
 * const tools = langChainTools(invocation, { host })
 * const byName = new Map(tools.map((tool) => [tool.name, tool]))
 * const bound = new ChatOpenAI({ model: 'gpt-5-mini' }).bindTools(tools)
 * const messages: BaseMessage[] = [new HumanMessage('What is in notes/plan.md?')]
 * for (;;) {
 *   const reply = await bound.invoke(messages)
 *   messages.push(reply)
 *   if (!reply.tool_calls?.length) break
 *   // All calls of the message at once: toolhost runs them as one turn.
 *   const results = reply.tool_calls.map((call) => byName.get(call.name)?.invoke(call) ?? Promise.reject(new Error(`No tool ${call.name}`)))
 *   messages.push(...(await Promise.all(results)))
 * }
 */
export function langChainTools(invocation: Invocation, options: LangChainToolsOptions): ToolhostStructuredTool[] {
  const adapter = createToolhostAdapter(invocation, { ...options, approvals: 'invocation' }, 'langchain')
  return adapter.tools.map((binding) => new ToolhostStructuredTool(adapter, binding))
}

/**
 * `toolhost/openai-agents`: an invocation's tools as OpenAI Agents SDK function tools, with toolhost's
 * gate, approvals, scheduler and audit behind every call. Needs `@openai/agents-core` (an optional
 * peer dependency).
 */
export { openAiAgentsTools, type OpenAiAgentsToolsOptions } from './openai-agents-tools.js'
export { agentsToolOutput, type AgentsToolOutput } from './agents-tool-output.js'
export type { AdapterOptions, ApprovalMode } from '../core/index.js'

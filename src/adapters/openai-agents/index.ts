/**
 * `toolhost/openai-agents`: toolhost's tools inside the OpenAI Agents SDK (`@openai/agents-core`, an
 * optional peer dependency). `openAiAgentsTools(invocation, { host })` gives the invocation's tools as
 * the SDK's function tools, whose calls pass toolhost's gate, permissions, approvals (the
 * invocation's approver, or the SDK's interruptions), scheduler and audit.
 */
export { openAiAgentsTools, type OpenAiAgentsToolsOptions } from './openai-agents-tools.js'
export type { AgentsToolOutput } from './agents-tool-output.js'

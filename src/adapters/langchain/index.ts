/**
 * `toolhost/langchain`: an invocation's tools as LangChain structured tools, with toolhost's gate,
 * approvals, scheduler and audit behind every call. Needs `@langchain/core` (an optional peer
 * dependency).
 */
export { langChainTools, type LangChainToolsOptions } from './langchain-tools.js'
export { ToolhostStructuredTool } from './toolhost-structured-tool.js'
export { toolMessageOf } from './tool-message.js'

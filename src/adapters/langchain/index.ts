/**
 * `toolhost/langchain`: toolhost's tools inside LangChain and LangGraph (`@langchain/core`, an
 * optional peer dependency). `langChainTools(invocation, { host })` gives the invocation's tools as
 * structured tools, whose calls pass toolhost's gate, permissions, the invocation's approver,
 * scheduler and audit.
 */
export { langChainTools, type LangChainToolsOptions } from './langchain-tools.js'
export { ToolhostStructuredTool } from './toolhost-structured-tool.js'

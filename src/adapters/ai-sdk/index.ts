/** toolhost's tools inside the AI SDK (`ai`): `aiSdkTools(invocation, { host })` is a `ToolSet`. */
export { aiSdkTools, type AiSdkToolsOptions } from './ai-sdk-tools.js'
export type { AiSdkToolOutput } from './model-output.js'
export type { ApprovalMode } from '../core/index.js'

/**
 * `toolhost/ai-sdk`: toolhost's tools inside the AI SDK (`ai`, an optional peer dependency).
 * `aiSdkTools(invocation, { host })` is a `ToolSet` for `generateText`, `streamText` or a
 * `ToolLoopAgent`, whose calls pass toolhost's gate, permissions, approvals, scheduler and audit;
 * `aiSdkToolApproval()` is the matching `toolApproval` function.
 */
export { aiSdkTools, type AiSdkToolsOptions } from './ai-sdk-tools.js'
export { aiSdkToolApproval, type AiSdkApprovalQuestion } from './tool-approval.js'
export type { AiSdkToolOutput } from './model-output.js'

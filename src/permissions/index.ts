/**
 * `toolhost/permissions`: deciding whether a call may run. The rule engine
 * ({@link evaluatePermission}: profile rules and modes), approvers that ask a person or leave a
 * durable request in the store, one-time codes that approve a request out of band, and the types
 * of pre-tool and post-tool hooks (`createToolHost({ hooks })`).
 *
 * @example
 * import { createToolHost } from 'toolhost'
 * import { terminalApprover } from 'toolhost/permissions'
 *
 * const host = await createToolHost()
 * const approver = terminalApprover({ input: process.stdin, output: process.stderr })
 * const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic', approver })
 */
export { evaluatePermission } from './rules/index.js'
export type { PermissionRequest, PermissionRules, PermissionVerdict } from './rules/index.js'
export { durableApprover } from './approvals/approval-request.js'
export type { ApprovalDecision, ApprovalRequest, Approver } from './approvals/approval-request.js'
export { terminalApprover } from './approvals/terminal-approver.js'
export { makeVisible } from '../text/make-visible.js'
export { issueCode, redeemCode, codeLifetimeMs, maxWrongTries } from './approvals/one-time-code.js'
export type { IssuedCode, RedeemResult } from './approvals/one-time-code.js'
export type {
  CommandHook,
  HookConfig,
  PostToolHookInput,
  PostToolHookOutcome,
  PreToolHookInput,
  PreToolHookOutcome,
} from './hooks/index.js'

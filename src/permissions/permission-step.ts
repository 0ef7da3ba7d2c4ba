import type { CallDecisionRecord } from '../call/call-state.js'
import { fillText, loadText } from '../text/model-text.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { describeCall } from '../catalog/describe-call.js'
import { alwaysRule } from './approvals/always-rule.js'
import type { ApprovalRequest, Approver } from './approvals/approval-request.js'
import { approvalRequestFor } from './approvals/approval-request-for.js'
import { decideCall, workspaceSubject, type CallDecision, type DecideCallRequest } from './decide-call.js'

const texts = {
  denied: loadText(import.meta.url, 'texts/permission-denied.txt'),
  personDenied: loadText(import.meta.url, 'texts/approval-denied.txt'),
}

/** What the permission step needs besides the call itself. */
export interface PermissionStepRequest extends DecideCallRequest {
  readonly invocationId: string
  readonly approver: Approver
  readonly signal: AbortSignal
}

/**
 * Where the permission step leaves a call: it may run (with the input it runs with; `alwaysRule`
 * when a person allowed it always), it is denied (with the text the model reads), or a person
 * decides later (the request to store durably).
 */
export type PermissionOutcome =
  | {
      readonly outcome: 'allow'
      readonly input: Record<string, unknown>
      readonly decision: CallDecisionRecord
      readonly alwaysRule?: string
    }
  | { readonly outcome: 'deny'; readonly decision: CallDecisionRecord; readonly modelText: string }
  | { readonly outcome: 'pending'; readonly decision: CallDecisionRecord; readonly request: ApprovalRequest }

/**
 * The permissions stage of a call (DESIGN §6 step 8): rules, the tool's own check and pre-tool
 * hooks decide; a call they ask about goes to the approver, whose answer (or `pending`) settles
 * it. Nothing runs and nothing is recorded here.
 */
export async function permissionStep(request: PermissionStepRequest): Promise<PermissionOutcome> {
  const { tool, alias, ctx } = request
  const decision = await decideCall(request)
  if (decision.behavior === 'deny')
    return {
      outcome: 'deny',
      decision: decisionRecord(decision),
      modelText: fillText(texts.denied, { alias, reason: decision.reason }),
    }
  if (decision.behavior === 'allow')
    return { outcome: 'allow', input: decision.input, decision: decisionRecord(decision) }
  const approval = approvalRequestFor({
    runId: request.runId,
    invocationId: request.invocationId,
    callId: ctx.callId,
    toolId: tool.id,
    alias,
    input: decision.input,
    ...titleOf(tool, decision.input),
    reason: decision.reason,
    ...(decision.rule !== undefined && { rule: decision.rule }),
    alwaysRule: alwaysRule(tool.id, workspaceSubject(tool.permissionSubject?.(decision.input), ctx.workspace)),
  })
  const answer = await request.approver(approval, request.signal)
  if (answer === 'pending') return { outcome: 'pending', decision: decisionRecord(decision), request: approval }
  const approver = answer.approver ?? 'callback'
  if (answer.behavior === 'deny')
    return {
      outcome: 'deny',
      decision: { behavior: 'deny', reason: 'denied by a person', approver },
      modelText: deniedByPersonText(alias, answer.message),
    }
  return {
    outcome: 'allow',
    input: decision.input,
    decision: {
      behavior: 'allow',
      reason: `approved ${answer.scope}`,
      approver,
      ...(answer.scope === 'always' && { rule: approval.alwaysRule }),
    },
    ...(answer.scope === 'always' && { alwaysRule: approval.alwaysRule }),
  }
}

/** What the model reads when a person denied its call, with their message when there is one. */
export function deniedByPersonText(alias: string, message: string | undefined): string {
  return fillText(texts.personDenied, {
    alias,
    message: message === undefined || message === '' ? '' : ` Their message: ${message}`,
  })
}

function decisionRecord(decision: CallDecision): CallDecisionRecord {
  return {
    behavior: decision.behavior,
    reason: decision.reason,
    approver: decision.decidedBy,
    ...(decision.rule !== undefined && { rule: decision.rule }),
  }
}

/** The call's description for the person asked, when the tool gives one. */
function titleOf(tool: CatalogTool, input: Record<string, unknown>): { title?: string } {
  const title = describeCall(tool, input)
  return title === undefined ? {} : { title }
}

import type { CallDecisionRecord } from '../../call/call-state.js'
import type { ApprovalRecord } from '../../store/store.js'
import { fillText, loadText } from '../../text/model-text.js'
import { deniedByPersonText } from '../permission-step.js'

const expiredText = loadText(import.meta.url, '../texts/approval-expired.txt')

/**
 * What a stored approval means for the call waiting on it: still pending, allowed (always: with
 * the rule to add), or denied or expired (with the text the model reads).
 */
export type SettledApproval =
  | { readonly outcome: 'pending' }
  | { readonly outcome: 'allow'; readonly decision: CallDecisionRecord; readonly alwaysRule?: string }
  | { readonly outcome: 'deny'; readonly decision: CallDecisionRecord; readonly modelText: string }

/** Settles a call that waits on a durable approval by the approval's record (absent: still pending). */
export function settleApproval(
  approval: ApprovalRecord | undefined,
  call: { readonly alias: string; readonly alwaysRule: string },
): SettledApproval {
  if (approval === undefined || approval.status === 'pending') return { outcome: 'pending' }
  const approver = approval.approver ?? 'unknown'
  if (approval.status === 'allowed')
    return {
      outcome: 'allow',
      decision: { behavior: 'allow', reason: `approved ${approval.decision ?? 'once'}`, approver },
      ...(approval.decision === 'always' && { alwaysRule: call.alwaysRule }),
    }
  if (approval.status === 'denied')
    return {
      outcome: 'deny',
      decision: { behavior: 'deny', reason: 'denied by a person', approver },
      modelText: deniedByPersonText(call.alias, approval.message ?? undefined),
    }
  return {
    outcome: 'deny',
    decision: { behavior: 'deny', reason: 'approval expired', approver },
    modelText: fillText(expiredText, { alias: call.alias }),
  }
}

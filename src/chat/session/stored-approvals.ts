import type { ToolHost } from '../../host/create-tool-host.js'
import type { ApprovalRequest, Approver } from '../../permissions/approvals/approval-request.js'
import { makeVisible } from '../../text/make-visible.js'
import type { ApprovalRecord } from '../../store/approvals.js'

/**
 * Asks the person, one by one, the approvals a paused run waits for in the store, and records each
 * answer there (the run then goes on with them when it is resumed). Returns how many were asked.
 */
export async function askStoredApprovals(
  host: ToolHost,
  runId: string,
  approver: Approver,
  signal: AbortSignal,
): Promise<number> {
  const pending = host.approvals.list({ runId, status: 'pending' })
  for (const record of pending) {
    const decision = await approver(requestOf(record), signal)
    if (decision === 'pending') continue
    if (decision.behavior === 'allow')
      await host.approvals.approve(record.id, { scope: decision.scope, approver: 'terminal', continueTurn: false })
    else
      await host.approvals.deny(record.id, {
        approver: 'terminal',
        continueTurn: false,
        ...(decision.message !== undefined && decision.message !== '' && { message: decision.message }),
      })
  }
  return pending.length
}

/** A stored request as the person is asked it. */
function requestOf(record: ApprovalRecord): ApprovalRequest {
  const input =
    typeof record.input === 'object' && record.input !== null && !Array.isArray(record.input)
      ? (record.input as Record<string, unknown>)
      : {}
  return {
    id: record.id,
    runId: record.runId,
    invocationId: record.invocationId,
    callId: record.callId,
    toolId: record.toolId as ApprovalRequest['toolId'],
    alias: record.alias,
    input,
    ...(record.title !== null && { title: record.title }),
    inputText: makeVisible(JSON.stringify(record.input, null, 2)),
    reason: record.reason,
    ...(record.rule !== null && { rule: record.rule }),
    alwaysRule: record.alwaysRule ?? '',
  }
}

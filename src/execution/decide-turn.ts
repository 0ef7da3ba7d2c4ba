import { randomBytes } from 'node:crypto'
import type { GateTurn } from '../gate/gate.js'
import { alwaysRule } from '../permissions/approvals/always-rule.js'
import type { ApprovalRequest } from '../permissions/approvals/approval-request.js'
import { makeVisible } from '../permissions/approvals/make-visible.js'
import { decideCall, workspaceSubject, type CallDecision } from '../permissions/decide-call.js'
import type { DecisionRecord } from './call-recorder.js'
import { errorResult } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'
import { callContext } from './call-context.js'
import type { TurnContext } from './turn-context.js'
import type { TurnSlot } from './turn-slots.js'

const texts = {
  denied: loadText(import.meta.url, '../gate/texts/permission-denied.txt'),
  personDenied: loadText(import.meta.url, 'texts/approval-denied.txt'),
}

/** A denied call's result, with the person's message for the model when there is one. */
export function deniedByPerson(callId: string, toolId: string, alias: string, message: string | undefined) {
  return errorResult(
    callId,
    toolId,
    'permission.denied',
    fillText(texts.personDenied, {
      alias,
      message: message === undefined || message === '' ? '' : ` Their message: ${message}`,
    }),
  )
}

/**
 * Phase one of a turn: every call passes the gate (steps 2–7) and the permission step in model
 * order; calls that need a person go to the approver. Nothing runs yet. Returns a slot per call.
 */
export async function decideTurn(turn: GateTurn, context: TurnContext): Promise<TurnSlot[]> {
  const { gate, recorder, invocationId, runId, signal } = context
  const slots: TurnSlot[] = []
  for (const [index, call] of turn.calls.entries()) {
    const verdict = await gate.admit(call, index, turn.calls)
    // A `tools_call` call is recorded as the tool it calls, under the model's call id.
    const { requested } = verdict
    recorder.requested(call.callId, requested.toolId, requested.alias, requested.rawArguments, context.round)
    if ('rejected' in verdict) {
      recorder.completed(verdict.rejected)
      slots.push({ kind: 'done', result: verdict.rejected })
      continue
    }
    const { admitted } = verdict
    const { alias } = admitted.binding
    const ctx = callContext(context, call.callId, admitted.tool.id, signal)
    const decision = await decideCall({
      tool: admitted.tool,
      alias,
      input: admitted.input,
      profile: context.profile(),
      hooks: context.hooks,
      runId,
      ctx,
    })
    if (decision.behavior === 'deny') {
      recorder.decided(call.callId, admitted.tool.id, decisionRecord(decision))
      const result = errorResult(
        call.callId,
        admitted.tool.id,
        'permission.denied',
        fillText(texts.denied, { alias, reason: decision.reason }),
      )
      recorder.completed(result)
      slots.push({ kind: 'done', result })
      continue
    }
    if (decision.behavior === 'allow') {
      recorder.decided(call.callId, admitted.tool.id, decisionRecord(decision))
      slots.push({ kind: 'allowed', callId: call.callId, alias, input: decision.input })
      continue
    }
    const request: ApprovalRequest = {
      id: `apr_${randomBytes(16).toString('hex')}`,
      runId,
      invocationId,
      callId: call.callId,
      toolId: admitted.tool.id,
      alias,
      input: decision.input,
      inputText: makeVisible(JSON.stringify(decision.input, null, 2)),
      reason: decision.reason,
      ...(decision.rule !== undefined && { rule: decision.rule }),
      alwaysRule: alwaysRule(
        admitted.tool.id,
        workspaceSubject(admitted.tool.permissionSubject?.(decision.input), context.workspace),
      ),
    }
    const answer = await context.approver(request, signal)
    if (answer === 'pending') {
      context.store.approvals.create(request)
      recorder.decided(call.callId, admitted.tool.id, { ...decisionRecord(decision), approvalId: request.id })
      slots.push({
        kind: 'pending',
        callId: call.callId,
        alias,
        input: decision.input,
        approvalId: request.id,
        alwaysRule: request.alwaysRule,
      })
      continue
    }
    const approver = answer.approver ?? 'callback'
    if (answer.behavior === 'deny') {
      recorder.decided(call.callId, admitted.tool.id, { behavior: 'deny', reason: 'denied by a person', approver })
      const result = deniedByPerson(call.callId, admitted.tool.id, alias, answer.message)
      recorder.completed(result)
      slots.push({ kind: 'done', result })
      continue
    }
    if (answer.scope === 'always') await context.allowAlways(request.alwaysRule)
    recorder.decided(call.callId, admitted.tool.id, {
      behavior: 'allow',
      reason: `approved ${answer.scope}`,
      approver,
      ...(answer.scope === 'always' && { rule: request.alwaysRule }),
    })
    slots.push({ kind: 'allowed', callId: call.callId, alias, input: decision.input })
  }
  return slots
}

function decisionRecord(decision: CallDecision): DecisionRecord {
  return {
    behavior: decision.behavior,
    reason: decision.reason,
    approver: decision.decidedBy,
    ...(decision.rule !== undefined && { rule: decision.rule }),
  }
}

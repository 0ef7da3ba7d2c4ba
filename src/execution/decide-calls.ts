import type { CallState, CallStateIn } from '../call/call-state.js'
import { describeCall } from '../catalog/describe-call.js'
import type { GateTurn } from '../gate/gate.js'
import { permissionStep, type PermissionOutcome } from '../permissions/permission-step.js'
import { settleApproval, type SettledApproval } from '../permissions/approvals/settle-approval.js'
import type { ApprovalRecord } from '../store/store.js'
import { errorResult } from '../tool/agent-tool-result.js'
import { callContext } from './call-context.js'
import type { TurnContext } from './turn-context.js'

/**
 * Phase one of a turn: every call, in model order, passes the gate, then the permission step
 * (rules, the tool's own check, pre-tool hooks, a person). Each move is recorded. Nothing runs
 * yet: every call ends here rejected, denied, scheduled, or awaiting approval.
 */
export async function decideCalls(turn: GateTurn, context: TurnContext): Promise<CallState[]> {
  const { gate, recorder, round } = context
  const states: CallState[] = []
  for (const [index, call] of turn.calls.entries()) {
    const verdict = await gate.admit(call, index, turn.calls)
    // A `tools_call` call is recorded as the tool it calls, under the model's call id.
    const { requested } = verdict
    const base = { callId: call.callId, alias: requested.alias, round }
    const asked = recorder.record({
      ...base,
      phase: 'requested',
      toolId: requested.toolId,
      rawArguments: requested.rawArguments,
    })
    if ('rejected' in verdict) {
      states.push(recorder.record({ ...asked, phase: 'rejected', result: verdict.rejected }))
      continue
    }
    const { tool, input, binding } = verdict.admitted
    const title = describeCall(tool, input)
    const admitted = recorder.record({
      ...base,
      alias: binding.alias,
      phase: 'admitted',
      toolId: tool.id,
      input,
      ...(title !== undefined && { title }),
    })
    const outcome = await permissionStep({
      tool,
      alias: binding.alias,
      input,
      profile: context.profile(),
      hooks: context.hooks,
      runId: context.runId,
      invocationId: context.invocationId,
      ctx: callContext(context, call.callId, tool.id, context.signal),
      approver: context.approver,
      signal: context.signal,
    })
    states.push(await applyPermission(admitted, outcome, context))
  }
  return states
}

/**
 * Continues the calls of a paused turn with the approvals decided since: allowed calls are
 * scheduled, denied and expired ones end denied, and calls still pending keep waiting.
 */
export async function settleAwaitingCalls(
  calls: readonly CallState[],
  context: TurnContext,
  lookUp: (approvalId: string) => ApprovalRecord | undefined,
): Promise<CallState[]> {
  context.recorder.restore(calls)
  const settled: CallState[] = []
  for (const call of calls) {
    if (call.phase !== 'awaiting_approval') {
      settled.push(call)
      continue
    }
    const approval = settleApproval(lookUp(call.approvalId), call)
    if (approval.outcome === 'pending') settled.push(call)
    else settled.push(await applyPermission(call, approval, context))
  }
  return settled
}

/** Records where the permission step (or a settled approval) leaves an admitted or waiting call. */
async function applyPermission(
  call: CallStateIn<'admitted' | 'awaiting_approval'>,
  outcome: PermissionOutcome | Exclude<SettledApproval, { outcome: 'pending' }>,
  context: TurnContext,
): Promise<CallState> {
  const { recorder } = context
  const { callId, alias, round, toolId } = call
  const base = { callId, alias, round, toolId }
  switch (outcome.outcome) {
    case 'deny':
      return recorder.record({
        ...base,
        phase: 'denied',
        decision: outcome.decision,
        result: errorResult(callId, toolId, 'permission.denied', outcome.modelText),
      })
    case 'pending':
      context.store.approvals.create(outcome.request)
      return recorder.record({
        ...base,
        phase: 'awaiting_approval',
        input: outcome.request.input,
        decision: outcome.decision,
        approvalId: outcome.request.id,
        alwaysRule: outcome.request.alwaysRule,
      })
    case 'allow': {
      if (outcome.alwaysRule !== undefined) await context.allowAlways(outcome.alwaysRule)
      const input = 'input' in outcome ? outcome.input : call.input
      return recorder.record({ ...base, phase: 'scheduled', input, decision: outcome.decision })
    }
  }
}

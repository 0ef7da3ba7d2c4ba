import type { GateTurn } from '../gate/gate.js'
import type { ApprovalRecord } from '../store/store.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import { decideTurn, deniedByPerson } from './decide-turn.js'
import { runAllowedCalls } from './run-allowed-calls.js'
import type { TurnContext } from './turn-context.js'
import type { PendingTurn, TurnSlot } from './turn-slots.js'
import { errorResult } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'

const expiredText = loadText(import.meta.url, 'texts/approval-expired.txt')

/**
 * A turn is waiting for people to decide approval requests stored durably. Decide them (for
 * example `toolhost approvals approve <id>`) and continue the turn, in this process or another.
 */
export class TurnPausedError extends Error {
  override readonly name = 'TurnPausedError'
  readonly invocationId: string
  readonly approvalIds: readonly string[]
  constructor(invocationId: string, approvalIds: readonly string[]) {
    super(
      `The turn waits for ${approvalIds.length} approval${approvalIds.length === 1 ? '' : 's'}: ${approvalIds.join(', ')}.`,
    )
    this.invocationId = invocationId
    this.approvalIds = approvalIds
  }
}

/** The outcome of a turn: its results, or the pending turn to checkpoint. */
export type TurnOutcome = { readonly results: AgentToolResult[] } | { readonly paused: PendingTurn }

/**
 * Executes one model turn: the gate and permissions decide every call in model order (phase one),
 * then the allowed calls run under the scheduler (phase two). When a call waits for a durable
 * approval nothing runs and the turn is returned paused.
 */
export async function executeTurn(turn: GateTurn, context: TurnContext): Promise<TurnOutcome> {
  context.gate.checkTurn(turn)
  context.recorder.turnStarted(context.round, turn.calls.length)
  const slots = await decideTurn(turn, context)
  return runOrPause(slots, context)
}

/**
 * Continues a paused turn with the approvals decided since: allowed calls join the run, denied and
 * expired ones get their results, and calls still pending keep the turn paused.
 */
export async function continueTurn(
  pending: PendingTurn,
  context: TurnContext,
  lookUp: (id: string) => ApprovalRecord | undefined,
): Promise<TurnOutcome> {
  const slots: TurnSlot[] = []
  for (const slot of pending.slots) {
    if (slot.kind !== 'pending') {
      slots.push(slot)
      continue
    }
    const approval = lookUp(slot.approvalId)
    const toolId = approval?.toolId ?? null
    if (approval === undefined || approval.status === 'pending') {
      slots.push(slot)
    } else if (approval.status === 'allowed') {
      if (approval.decision === 'always') await context.allowAlways(slot.alwaysRule)
      context.recorder.decided(slot.callId, approval.toolId, {
        behavior: 'allow',
        reason: `approved ${approval.decision ?? 'once'}`,
        approver: approval.approver ?? 'unknown',
      })
      slots.push({ kind: 'allowed', callId: slot.callId, alias: slot.alias, input: slot.input })
    } else {
      const result =
        approval.status === 'denied'
          ? deniedByPerson(slot.callId, approval.toolId, slot.alias, approval.message ?? undefined)
          : errorResult(slot.callId, toolId, 'permission.denied', fillText(expiredText, { alias: slot.alias }))
      context.recorder.decided(slot.callId, approval.toolId, {
        behavior: 'deny',
        reason: approval.status === 'denied' ? 'denied by a person' : 'approval expired',
        approver: approval.approver ?? 'unknown',
      })
      context.recorder.completed(result)
      slots.push({ kind: 'done', result })
    }
  }
  return runOrPause(slots, context)
}

async function runOrPause(slots: TurnSlot[], context: TurnContext): Promise<TurnOutcome> {
  if (slots.some((slot) => slot.kind === 'pending')) {
    context.recorder.turnCompleted(context.round, 'paused')
    return { paused: { round: context.round, slots } }
  }
  try {
    const results = await runAllowedCalls(slots, context)
    context.recorder.turnCompleted(context.round, 'completed')
    return { results }
  } catch (error) {
    context.recorder.turnCompleted(context.round, 'failed')
    throw error
  }
}

import type { CallState } from '../call/call-state.js'
import type { GateTurn } from '../gate/gate.js'
import type { ApprovalRecord } from '../store/store.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import { decideCalls, settleAwaitingCalls } from './decide-calls.js'
import type { PendingTurn } from './pending-turn.js'
import { runScheduledCalls } from './run-scheduled-calls.js'
import type { TurnContext } from './turn-context.js'

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
 * Executes one model turn — the pipeline, stage by stage: every call in model order through the
 * gate and the permission step (phase one, {@link decideCalls}); then, unless a call waits for a
 * durable approval, the scheduled calls through the scheduler, the run, the results and the
 * post-tool hooks (phase two, {@link runScheduledCalls}). Every move of every call is recorded.
 */
export async function executeTurn(turn: GateTurn, context: TurnContext): Promise<TurnOutcome> {
  context.gate.checkTurn(turn)
  context.recorder.turnStarted(context.round, turn.calls.length)
  return runOrPause(await decideCalls(turn, context), context)
}

/**
 * Continues a paused turn with the approvals decided since: allowed calls join the run, denied and
 * expired ones get their results, and calls still waiting keep the turn paused.
 */
export async function continueTurn(
  pending: PendingTurn,
  context: TurnContext,
  lookUp: (approvalId: string) => ApprovalRecord | undefined,
): Promise<TurnOutcome> {
  return runOrPause(await settleAwaitingCalls(pending.calls, context, lookUp), context)
}

async function runOrPause(calls: CallState[], context: TurnContext): Promise<TurnOutcome> {
  if (calls.some((call) => call.phase === 'awaiting_approval')) {
    context.recorder.turnCompleted(context.round, 'paused')
    return { paused: { round: context.round, calls } }
  }
  try {
    const results = await runScheduledCalls(calls, context)
    context.recorder.turnCompleted(context.round, 'completed')
    return { results }
  } catch (error) {
    context.recorder.turnCompleted(context.round, 'failed')
    throw error
  }
}

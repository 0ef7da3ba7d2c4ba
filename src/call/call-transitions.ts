import type { CallPhase, CallState } from './call-state.js'

/**
 * Every move a call may make, in one place: a phase maps to the phases it may go to next. Terminal
 * phases go nowhere. Whatever records or restores a call checks its moves against this table.
 */
export const callTransitions: { readonly [P in CallPhase]: readonly CallPhase[] } = {
  requested: ['rejected', 'admitted'],
  admitted: ['denied', 'awaiting_approval', 'scheduled'],
  awaiting_approval: ['denied', 'scheduled'],
  // A scheduled call that never starts fails (its tool went away) or is cancelled with the run.
  scheduled: ['running', 'failed', 'cancelled'],
  running: ['succeeded', 'failed', 'timed_out', 'cancelled', 'outcome_unknown'],
  rejected: [],
  denied: [],
  succeeded: [],
  failed: [],
  timed_out: [],
  cancelled: [],
  outcome_unknown: [],
}

/** A move the transition table does not allow: a bug in whatever drove the call. */
export class IllegalCallTransitionError extends Error {
  override readonly name = 'IllegalCallTransitionError'
  readonly callId: string
  readonly from: CallPhase
  readonly to: CallPhase
  constructor(callId: string, from: CallPhase, to: CallPhase) {
    const allowed = callTransitions[from]
    super(
      `Call ${callId} cannot go from ${from} to ${to}; from ${from} it may go to ${allowed.length === 0 ? 'nothing (it has ended)' : allowed.join(', ')}.`,
    )
    this.callId = callId
    this.from = from
    this.to = to
  }
}

/** True when the table allows a call in `from` to move to `to`. */
export function canTransition(from: CallPhase, to: CallPhase): boolean {
  return callTransitions[from].includes(to)
}

/**
 * Moves a call to its next state, checked against the table; the call id stays the same.
 * @throws IllegalCallTransitionError when the table does not allow the move or the ids differ
 * @example
 * const admitted = transition(requested, { ...requested, phase: 'admitted', toolId, input })
 */
export function transition<S extends CallState>(from: CallState, to: S): S {
  if (from.callId !== to.callId || !canTransition(from.phase, to.phase))
    throw new IllegalCallTransitionError(from.callId, from.phase, to.phase)
  return to
}

import { isTerminal, type CallDecisionRecord, type CallState, type CallStateIn } from '../../call/call-state.js'
import { transition } from '../../call/call-transitions.js'
import type { ToolId } from '../../core/tool-id.js'
import type { EventDataByType, EventType, NewStoreEvent, StoredResult } from '../../store/event-types.js'
import type { Store } from '../../store/store.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'

/**
 * The record stage: every call's moves through its lifecycle (one audit event per transition,
 * checked against the transition table), a running call's progress and stored files, and the
 * start and end of each turn.
 *
 * Events are buffered and written in one transaction at the moments that matter: a call's
 * `running` is durable before the call runs (with everything before it), and the rest is written
 * with the invocation's checkpoint. A crash in between loses only outcomes, and a call without a
 * recorded outcome is reported as `outcome_unknown`, never as not run.
 */
export class CallRecorder {
  readonly #store: Store
  readonly #runId: string
  readonly #invocationId: string
  readonly #calls = new Map<string, CallState>()
  readonly #startedAt = new Map<string, number>()
  #buffer: NewStoreEvent[] = []
  #withNextFlush: (() => void)[] = []

  constructor(store: Store, runId: string, invocationId: string) {
    this.#store = store
    this.#runId = runId
    this.#invocationId = invocationId
  }

  /**
   * Moves a call to `next` and appends its event. A call starts with `requested` (a model may reuse
   * a call id in a later turn: that is a new call); every later move is checked against the
   * transition table. Entering `running` makes everything recorded so far durable before it
   * returns: the call may run.
   * @throws IllegalCallTransitionError when the table does not allow the move
   */
  record<S extends CallState>(next: S): S {
    this.#move(next)
    if (next.phase === 'running') this.flush()
    return next
  }

  /**
   * Moves calls that start together to `running`, and makes them and everything recorded before
   * durable in one flush (one disk sync for the batch) before it returns: the calls may run.
   * @throws IllegalCallTransitionError when the table does not allow a move; nothing is written then
   */
  startCalls(calls: readonly CallStateIn<'running'>[]): void {
    for (const call of calls) transition(this.#current(call.callId), call)
    for (const call of calls) this.#move(call)
    this.flush()
  }

  #move(next: CallState): void {
    if (next.phase !== 'requested') transition(this.#current(next.callId), next)
    this.#calls.set(next.callId, next)
    this.#appendTransition(next)
    if (next.phase === 'running') this.#startedAt.set(next.callId, performance.now())
  }

  #current(callId: string): CallState {
    const previous = this.#calls.get(callId)
    if (previous === undefined) throw new Error(`internal: call ${callId} was never requested`)
    return previous
  }

  /** Takes up calls recorded by an earlier process (a paused turn continued), as they stand. */
  restore(states: readonly CallState[]): void {
    for (const state of states) this.#calls.set(state.callId, state)
  }

  /** Where a call stands now, if this recorder has seen it. */
  state(callId: string): CallState | undefined {
    return this.#calls.get(callId)
  }

  #appendTransition(state: CallState): void {
    const { callId, toolId } = state
    switch (state.phase) {
      case 'requested':
        return this.#append('requested', callId, toolId, {
          alias: state.alias,
          rawArguments: state.rawArguments,
          round: state.round,
        })
      case 'rejected':
        return this.#append('rejected', callId, toolId, { result: storedResult(state.result) })
      case 'admitted':
        return this.#append('admitted', callId, toolId, state.title === undefined ? {} : { title: state.title })
      case 'denied':
        return this.#append('denied', callId, toolId, { ...state.decision, result: storedResult(state.result) })
      case 'awaiting_approval':
        return this.#append('awaiting_approval', callId, toolId, { ...state.decision, approvalId: state.approvalId })
      case 'scheduled':
        return this.#append('scheduled', callId, toolId, state.decision)
      case 'running':
        return this.#append('running', callId, toolId, { round: state.round })
      case 'failed':
        return this.#append('failed', callId, toolId, {
          ...(state.error !== undefined && { error: state.error }),
          ...(state.result !== undefined && { result: storedResult(state.result) }),
          durationMs: this.#durationMs(callId),
        })
      default:
        return this.#append(state.phase, callId, toolId, {
          result: storedResult(state.result),
          durationMs: this.#durationMs(callId),
        })
    }
  }

  #durationMs(callId: string): number {
    const started = this.#startedAt.get(callId)
    return started === undefined ? 0 : Math.round(performance.now() - started)
  }

  #append<T extends EventType>(type: T, callId: string | null, toolId: ToolId | null, data: EventDataByType[T]): void {
    // The union of event shapes cannot be narrowed through a generic; `type` and `data` agree by the signature.
    this.#buffer.push({
      type,
      runId: this.#runId,
      invocationId: this.#invocationId,
      callId,
      toolId,
      data,
    } as NewStoreEvent)
  }

  /**
   * Writes the buffered events, whatever was queued with {@link writeWithNextFlush}, and whatever
   * `alongside` writes, in one transaction (one disk sync).
   */
  flush(alongside?: () => void): void {
    const events = this.#buffer
    const queued = this.#withNextFlush
    this.#buffer = []
    this.#withNextFlush = []
    this.#store.transaction(() => {
      for (const write of queued) write()
      this.#store.appendEvents(events)
      alongside?.()
    })
  }

  /** Queues a write for the next flush, which comes before any call of the turn runs. */
  writeWithNextFlush(write: () => void): void {
    this.#withNextFlush.push(write)
  }

  turnStarted(round: number, calls: number): void {
    this.#append('turn_started', null, null, { round, calls })
  }

  /** Ends the turn; the calls it finished are forgotten (the store has them, and an id may come back as a new call). */
  turnCompleted(round: number, status: 'completed' | 'paused' | 'failed'): void {
    this.#append('turn_completed', null, null, { round, status })
    for (const [callId, state] of this.#calls) {
      if (!isTerminal(state)) continue
      this.#calls.delete(callId)
      this.#startedAt.delete(callId)
    }
  }

  progress(
    callId: string,
    toolId: ToolId,
    progress: { readonly message: string; readonly progress?: number; readonly total?: number },
  ): void {
    const { message, progress: done, total } = progress
    this.#append('progress', callId, toolId, {
      message,
      ...(done !== undefined && { progress: done }),
      ...(total !== undefined && { total }),
    })
  }

  /** A running call asked a person (`ctx.requestApproval`): the question's reason and the answer. */
  midCallApproval(callId: string, toolId: ToolId, decision: CallDecisionRecord): void {
    this.#append('mid_call_approval', callId, toolId, decision)
  }

  stored(callId: string, toolId: ToolId, paths: readonly string[]): void {
    this.#append('stored', callId, toolId, { paths })
  }
}

/** A result as the audit stores it: without the ids its event row already has. */
function storedResult(result: AgentToolResult): StoredResult {
  const { callId: _callId, toolId: _toolId, ...stored } = result
  return stored
}

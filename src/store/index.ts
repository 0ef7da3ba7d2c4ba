/**
 * `toolhost/store`: the SQLite store (`node:sqlite`, WAL) behind a host — runs, invocations, the
 * append-only audit log of every call, run events, transcripts, checkpoints and approval
 * requests. A host opens its own (`host.store()`); {@link openStore} opens a data directory's
 * store directly, to read the records of runs without a host.
 *
 * @example
 * import { callHistories, openStore } from 'toolhost/store'
 *
 * const store = openStore('.toolhost')
 * for (const run of store.listRuns({ limit: 1 }))
 *   for (const call of callHistories(store.events({ runId: run.id }))) console.log(call.alias, call.phase)
 * store.close()
 *
 * The audit records one event per move of a call through its lifecycle ({@link CallState},
 * {@link callTransitions}); {@link callHistories} folds the events back into each call's life.
 */
export { openStore } from './open-store.js'
export type { Store, StoreOptions } from './open-store.js'
export type { RunRecord, RunStatus } from './runs.js'
export type { EventType, StoreEvent } from './event-types.js'
export type { EventFilter } from './event-log.js'
export type { RunEvent, RunEventType } from './run-event-types.js'
export type { ApprovalRecord } from './approvals.js'
export { callHistories } from './call-history.js'
export type { CallHistory, CallStep } from './call-history.js'
export { callPhases, isTerminal, terminalCallPhases } from '../call/call-state.js'
export type { CallDecisionRecord, CallPhase, CallState, CallStateIn, TerminalCallPhase } from '../call/call-state.js'
export { callTransitions, canTransition, IllegalCallTransitionError, transition } from '../call/call-transitions.js'

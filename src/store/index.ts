/**
 * `toolhost/store`: the SQLite store (`node:sqlite`, WAL) behind a host — runs, invocations, the
 * append-only audit log of every call, run events, transcripts, checkpoints and approval
 * requests. A host opens its own (`host.store()`); {@link openStore} opens a data directory's
 * store directly, to read the records of runs without a host.
 *
 * @example
 * import { openStore } from 'toolhost/store'
 *
 * const store = openStore('.toolhost')
 * for (const run of store.listRuns({ limit: 1 })) console.log(run.id, store.events({ runId: run.id }))
 * store.close()
 */
export { openStore } from './open-store.js'
export type { Store, StoreOptions } from './open-store.js'
export type { RunRecord, RunStatus } from './runs.js'
export type { EventType, StoreEvent } from './event-types.js'
export type { EventFilter } from './event-log.js'
export type { RunEvent, RunEventType } from './run-event-types.js'
export type { ApprovalRecord } from './approvals.js'

/**
 * The store's public surface; import from here. SQLite (`node:sqlite`, WAL) holding runs,
 * invocations, the audit log, transcripts, run events, checkpoints, approval requests and one-time codes (DESIGN §15).
 */
export { openStore } from './open-store.js'
export type { Store, StoreOptions } from './open-store.js'
export { StoreError } from './store-error.js'
export type { StoreErrorCode } from './store-error.js'
export { runStatuses } from './runs.js'
export type { InvocationRecord, ListRunsOptions, NewInvocation, NewRun, RunRecord, RunStatus } from './runs.js'
export { eventTypes, isEventType } from './event-types.js'
export type {
  CompletedData,
  DecidedData,
  EventDataByType,
  EventType,
  NewStoreEvent,
  ProgressData,
  RequestedData,
  FailedData,
  StartedData,
  StoreEvent,
  StoredData,
  StoredResult,
  TurnData,
} from './event-types.js'
export type { EventFilter, UnfinishedCall } from './event-log.js'
export type { CheckpointRecord } from './checkpoints.js'
export { approvalStatuses } from './approvals.js'
export type {
  ApprovalFilter,
  ApprovalRecord,
  ApprovalResolution,
  ApprovalStatus,
  ApprovalStore,
  NewApproval,
} from './approvals.js'
export { oneTimeCodeStatuses } from './one-time-codes.js'
export type { NewOneTimeCode, OneTimeCodeRecord, OneTimeCodeStatus, OneTimeCodeTable } from './one-time-codes.js'
export { runEventTypes, isRunEventType } from './run-event-types.js'
export type {
  ChildEndedData,
  ChildStartedData,
  CompactedData,
  DriftData,
  FinishedData,
  HandoffData,
  InvocationStartedData,
  ModelErrorData,
  ReplyData,
  RunEvent,
  RunEventDataByType,
  RunEventType,
  RunStartedData,
} from './run-event-types.js'
export type { RunEventFilter } from './run-events.js'
export { transcriptKinds, isTranscriptKind } from './transcript-entry-schema.js'
export type { TranscriptKind } from './transcript-entry-schema.js'
export type { StoredTranscriptEntry, TranscriptEntry } from './transcript.js'
export { migrations } from './migrations.js'
export type { Migration } from './migrations.js'
export type { LeaseAttempt, LeaseHolder, RunLease, RunLeaseTable } from './run-leases.js'

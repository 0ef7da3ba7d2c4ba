import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { approvalStore, type ApprovalStore } from './approvals.js'
import { checkpointTable, type CheckpointRecord } from './checkpoints.js'
import { eventLog, type EventFilter, type UnfinishedCall } from './event-log.js'
import type { NewStoreEvent, StoreEvent } from './event-types.js'
import { checkSafeId } from './ids.js'
import { mcpServerTable, type McpServerStore } from './mcp-servers.js'
import { memoryTable } from './memories.js'
import { migrate } from './migrate.js'
import type { OwnerMemory } from '../memory/memory-types.js'
import { oneTimeCodeTable, type OneTimeCodeTable } from './one-time-codes.js'
import type { StoredTranscriptEntry, TranscriptEntry } from './transcript.js'
import type { RunEvent, RunEventType } from './run-event-types.js'
import { runEventTable, type RunEventFilter } from './run-events.js'
import {
  runTable,
  type InvocationRecord,
  type ListRunsOptions,
  type NewInvocation,
  type NewRun,
  type RunRecord,
  type RunStatus,
} from './runs.js'
import { StoreError } from './store-error.js'
import { transactionOf } from './transaction.js'
import { transcriptTable } from './transcripts.js'
import { runLeaseTable, type RunLeaseTable } from './run-leases.js'

/** Options of {@link openStore}; the defaults suit production. */
export interface StoreOptions {
  /** The clock for every timestamp the store writes (epoch ms); tests inject one. */
  readonly now?: () => number
  /** How long a write waits for another process's write lock before failing with SQLITE_BUSY. Default 5000 ms. */
  readonly busyTimeoutMs?: number
  /**
   * Keep the database in memory: nothing survives the process. For throwaway hosts (tests,
   * benchmarks, one-shot tools); run files still go under `dataDir`.
   */
  readonly inMemory?: boolean
}

/**
 * The durable state of toolhost in `<dataDir>/toolhost.db`: runs, invocations, the audit log,
 * transcripts, run events, checkpoints, approval requests and one-time codes. Synchronous (`node:sqlite`); one connection
 * per Store; several processes may open the same data directory.
 */
export interface Store {
  /** The absolute data directory. */
  readonly dataDir: string
  /** `<dataDir>/toolhost.db`, or `:memory:`. */
  readonly dbPath: string
  /** The schema version the database is at (the newest this code knows). */
  readonly schemaVersion: number
  /** `<dataDir>/runs/<runId>/` for the run's files; not created here. @throws StoreError for an unsafe id */
  runDir(runId: string): string
  /** @throws StoreError `store.conflict` for an existing id, `store.invalid_value` for an unsafe one */
  createRun(run: NewRun): RunRecord
  getRun(id: string): RunRecord | undefined
  /** @throws StoreError `store.not_found` for an unknown run */
  setRunStatus(id: string, status: RunStatus): void
  /** @throws StoreError `store.not_found` when the run does not exist, `store.conflict` for an existing id */
  createInvocation(inv: NewInvocation): void
  getInvocation(id: string): InvocationRecord | undefined
  /**
   * Runs, newest first (by creation time, then insertion order).
   * @throws StoreError `store.invalid_value` for a negative limit or an unknown status
   */
  listRuns(options?: ListRunsOptions): RunRecord[]
  /** The invocations of a run in creation order; empty for an unknown run. */
  invocationsOf(runId: string): InvocationRecord[]
  /**
   * Appends an entry to an invocation's transcript (append-only; seq 1, 2, … per invocation).
   * @throws StoreError `store.invalid_value` for an entry of the wrong shape, `store.not_found` for an unknown invocation
   */
  appendTranscript(invocationId: string, entry: TranscriptEntry): StoredTranscriptEntry
  /** An invocation's transcript in seq order; empty for an unknown invocation. */
  transcript(invocationId: string): StoredTranscriptEntry[]
  /**
   * Records a run-level happening (append-only; seq 1, 2, … per run). `data` is checked against the
   * type's shape (see `RunEventDataByType`).
   * @throws StoreError `store.invalid_value` for an unknown type or data of the wrong shape, `store.not_found` for an unknown run
   */
  appendRunEvent(runId: string, type: RunEventType, data: Record<string, unknown>): RunEvent
  /** A run's events in seq order, optionally of one type (the result is then typed by it). */
  runEvents<T extends RunEventType = RunEventType>(
    runId: string,
    filter?: RunEventFilter<T>,
  ): Extract<RunEvent, { type: T }>[]
  /**
   * Appends to the audit log and returns the event with its seq. Durable when this returns, so a
   * `started` event written before dispatch survives a crash (and a power loss, see `synchronous`).
   * @throws StoreError `store.invalid_value` for data of the wrong shape, `store.not_found` for an unknown invocation of that run
   */
  appendEvent(event: NewStoreEvent): StoreEvent
  /**
   * Appends several events built by typed code, in order, in one transaction and few statements:
   * far cheaper than one by one. Their data's shape is not checked at run time (the static type
   * does that); use {@link Store.appendEvent} for data from elsewhere.
   * @throws StoreError `store.invalid_value` for an unknown type, a missing or unexpected call id or a bad time, `store.not_found` for an unknown invocation; then none is appended
   */
  appendEvents(events: readonly NewStoreEvent[]): void
  /** Events in log order; every condition given must hold. */
  events(filter: EventFilter): StoreEvent[]
  /**
   * Calls of an invocation with a `requested` (or `started`) event but no `completed`/`failed` one:
   * the calls whose outcome is unknown after a crash. In order of their first event.
   */
  unfinishedCalls(invocationId: string): UnfinishedCall[]
  /** Saves the invocation's next checkpoint; the latest one wins. */
  saveCheckpoint(invocationId: string, data: unknown): CheckpointRecord
  latestCheckpoint(invocationId: string): CheckpointRecord | undefined
  readonly approvals: ApprovalStore
  /** Storage of one-time codes; use `permissions/approvals/one-time-code.ts` rather than this directly. */
  readonly oneTimeCodes: OneTimeCodeTable
  /** The memories of one owner (`user:<id>` or `conversation:<id>`). */
  memories(owner: string): OwnerMemory
  /** MCP server registrations and their cached tools and permissions. */
  readonly mcpServers: McpServerStore
  /** Which process drives each agent run (one at a time). */
  readonly runLeases: RunLeaseTable
  /**
   * The connection itself, for the tables of higher layers kept in the same file (the daemon's
   * queue, conversations, schedules); their changes go through {@link Store.transaction}.
   */
  readonly database: DatabaseSync
  /**
   * Runs `fn` atomically, holding the write lock from the start; nests as savepoints. `fn` must be
   * synchronous.
   */
  transaction<T>(fn: () => T): T
  /** Closes the connection; later calls fail. Calling it again does nothing. */
  close(): void
}

/**
 * Opens (creating if needed) the store in `dataDir` and brings its schema up to date.
 *
 * Settings: WAL, so readers never block the writer and a crash never corrupts the file;
 * `synchronous=FULL`, so a commit is on disk when it returns — with NORMAL, WAL survives a process
 * crash but a power loss may drop the last commits, and the audit promise "a call recorded as
 * started before it ran" would not hold for tools with side effects; `foreign_keys=ON`; a busy
 * timeout so concurrent writers from other processes wait instead of failing.
 *
 * @example
 * const store = openStore('.toolhost')
 * const run = store.createRun({ scope: 'session', profileId: 'default' })
 * @throws StoreError `store.schema_mismatch` when a newer toolhost wrote the database, `store.open_failed` when it cannot be opened
 */
export function openStore(dataDir: string, options: StoreOptions = {}): Store {
  const now = options.now ?? Date.now
  const root = resolve(dataDir)
  const dbPath = options.inMemory === true ? ':memory:' : join(root, 'toolhost.db')
  let db: DatabaseSync
  let schemaVersion: number
  try {
    // Owner-only: the database holds call arguments and approval requests.
    mkdirSync(root, { recursive: true, mode: 0o700 })
    db = new DatabaseSync(dbPath, { timeout: options.busyTimeoutMs ?? 5000, enableForeignKeyConstraints: true })
  } catch (error) {
    throw new StoreError(
      'store.open_failed',
      `cannot open ${dbPath}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
  try {
    if (options.inMemory !== true) configure(db, dbPath)
    else db.exec('PRAGMA foreign_keys = ON')
    schemaVersion = migrate(db, dbPath, undefined, now)
  } catch (error) {
    db.close()
    if (error instanceof StoreError) throw error
    throw new StoreError(
      'store.open_failed',
      `cannot open ${dbPath}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }

  const transaction = transactionOf(db)
  const runs = runTable(db, now)
  const log = eventLog(db, now)
  const checkpoints = checkpointTable(db, now)
  const transcripts = transcriptTable(db, now)
  const runEvents = runEventTable(db, now)
  let open = true

  return {
    dataDir: root,
    dbPath,
    schemaVersion,
    runDir(runId) {
      checkSafeId(runId, 'run id')
      return join(root, 'runs', runId)
    },
    createRun: (run) => runs.createRun(run),
    getRun: (id) => runs.getRun(id),
    setRunStatus: (id, status) => runs.setRunStatus(id, status),
    createInvocation: (inv) => runs.createInvocation(inv),
    getInvocation: (id) => runs.getInvocation(id),
    listRuns: (listOptions) => runs.listRuns(listOptions),
    invocationsOf: (runId) => runs.invocationsOf(runId),
    appendTranscript: (invocationId, entry) => transcripts.append(invocationId, entry),
    transcript: (invocationId) => transcripts.entries(invocationId),
    appendRunEvent: (runId, type, data) => runEvents.append(runId, type, data),
    runEvents: (runId, filter) => runEvents.events(runId, filter),
    appendEvent: (event) => log.append(event),
    appendEvents: (events) => transaction(() => log.appendAll(events)),
    events: (filter) => log.events(filter),
    unfinishedCalls: (invocationId) => log.unfinishedCalls(invocationId),
    saveCheckpoint: (invocationId, data) => checkpoints.save(invocationId, data),
    latestCheckpoint: (invocationId) => checkpoints.latest(invocationId),
    approvals: approvalStore(db, now),
    oneTimeCodes: oneTimeCodeTable(db, transaction),
    memories: memoryTable(db, now),
    mcpServers: mcpServerTable(db, now),
    runLeases: runLeaseTable(db, transaction, now),
    database: db,
    transaction,
    close() {
      if (!open) return
      open = false
      db.close()
    },
  }
}

function configure(db: DatabaseSync, dbPath: string): void {
  const mode = db.prepare('PRAGMA journal_mode = WAL').get()?.journal_mode
  if (mode !== 'wal') {
    throw new StoreError(
      'store.open_failed',
      `cannot open ${dbPath} in WAL mode (got ${String(mode)}); the data directory must be on a local file system`,
    )
  }
  db.exec('PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON')
}

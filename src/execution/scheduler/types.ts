import type { ResourceClaim } from '../../tool/define-tool.js'

/** One unit of work for {@link scheduleJobs}, typically one admitted tool call. */
export interface ScheduledJob<T> {
  /** Resources the job uses; conflicting jobs run in model order. */
  readonly claims: readonly ResourceClaim[]
  /** Time the job may run, counted from its start; `undefined` (or `Infinity`) means no limit. */
  readonly timeoutMs?: number
  /** Does the work. Must stop promptly once `signal` aborts. */
  run(signal: AbortSignal): Promise<T>
  /** The result of a job that timed out; its signal was aborted with a `TimeoutError` reason. */
  onTimeout(): T
  /** The result of a job whose run was cancelled before or while it ran. */
  onCancel(): T
}

/** How {@link scheduleJobs} runs a batch. */
export interface SchedulerOptions {
  /** Most jobs running at once; a positive integer, 10 by default (DESIGN §8). */
  readonly maxConcurrency?: number
  /** The run's signal: aborting it aborts running jobs and keeps the others from starting. */
  readonly signal?: AbortSignal
  /**
   * How long an aborted job (timed out or cancelled) may take to stop before the scheduler gives
   * up waiting, settles it and releases its resources; 1000 ms by default.
   */
  readonly abortGraceMs?: number
  /** Lifecycle events, called synchronously; a listener that throws is ignored. */
  readonly onEvent?: (event: SchedulerEvent) => void
  /**
   * Called synchronously with the jobs (by index) about to start together, before any of them
   * runs: what it makes durable covers the whole batch at once. If it throws, none of them runs and
   * each fails with that error.
   */
  readonly beforeStart?: (indices: readonly number[]) => void
}

/**
 * A step in a job's life. Every job gets `queued` (all of them first, in model order), then at most
 * one `started`, then exactly one of `finished`, `timed_out` or `cancelled` when it settles and
 * releases its resources and slot.
 */
export interface SchedulerEvent {
  readonly type: 'queued' | 'started' | 'finished' | 'timed_out' | 'cancelled'
  /** The job's position in the batch (model order). */
  readonly index: number
  /** On `finished`: the job's `run` rejected (see {@link ScheduleError}). */
  readonly failed?: true
  /**
   * On `timed_out` and `cancelled`: the job ignored its aborted signal past the grace period and
   * was settled without it; its work may still be going on.
   */
  readonly abandoned?: true
}

import { conflictGraph } from './conflict-graph.js'
import { ScheduleError, type JobFailure } from './schedule-error.js'
import { startJob, type JobOutcome, type RunningJob } from './start-job.js'
import type { ScheduledJob, SchedulerEvent, SchedulerOptions } from './types.js'

const defaultMaxConcurrency = 10
const defaultAbortGraceMs = 1000

/**
 * Runs the jobs of one turn (DESIGN §8) and resolves with their results in job (model) order.
 *
 * - A job starts once every earlier job whose claims conflict with it has settled, so conflicting
 *   jobs run in model order while the others overlap. A blocked job never holds back later
 *   independent jobs.
 * - At most `maxConcurrency` jobs run at once; free slots go to ready jobs in model order.
 * - A job that exceeds its `timeoutMs` is aborted and yields `onTimeout()`.
 * - When `signal` aborts, running jobs are aborted and the rest never start; all yield `onCancel()`.
 * - A job whose `run` rejects never cancels its siblings. Once every job has settled, the returned
 *   promise rejects with a {@link ScheduleError} holding the other results and each failure.
 *
 * @throws RangeError synchronously for an invalid `maxConcurrency`, `abortGraceMs` or `timeoutMs`.
 */
export function scheduleJobs<T>(jobs: readonly ScheduledJob<T>[], options: SchedulerOptions = {}): Promise<T[]> {
  const maxConcurrency = options.maxConcurrency ?? defaultMaxConcurrency
  if (!(Number.isInteger(maxConcurrency) || maxConcurrency === Infinity) || maxConcurrency < 1) {
    throw new RangeError(`maxConcurrency must be a positive integer, got ${maxConcurrency}`)
  }
  const graceMs = options.abortGraceMs ?? defaultAbortGraceMs
  if (!Number.isFinite(graceMs) || graceMs < 0)
    throw new RangeError(`abortGraceMs must be a finite number ≥ 0, got ${graceMs}`)
  for (const [index, job] of jobs.entries()) {
    if (job.timeoutMs !== undefined && !(job.timeoutMs >= 0))
      throw new RangeError(`Job ${index} has an invalid timeoutMs: ${job.timeoutMs}`)
  }
  return new Promise((resolve, reject) => runBatch(jobs, { ...options, maxConcurrency, graceMs }, resolve, reject))
}

interface BatchOptions {
  readonly maxConcurrency: number
  readonly graceMs: number
  readonly signal?: AbortSignal
  readonly onEvent?: (event: SchedulerEvent) => void
  readonly beforeStart?: (indices: readonly number[]) => void
}

function runBatch<T>(
  jobs: readonly ScheduledJob<T>[],
  options: BatchOptions,
  resolve: (results: T[]) => void,
  reject: (error: ScheduleError<T>) => void,
): void {
  const { signal, maxConcurrency, graceMs } = options
  const count = jobs.length
  const state = jobs.map((): 'pending' | 'running' | 'settled' => 'pending')
  const results: (T | undefined)[] = jobs.map(() => undefined)
  const failures: JobFailure[] = []
  const running = new Map<number, RunningJob<T>>()
  const { blockersLeft, dependents } = conflictGraph(jobs.map((job) => job.claims))
  let settledCount = 0
  let cancelled = false
  let finished = false

  const emit = (event: SchedulerEvent): void => {
    try {
      options.onEvent?.(event)
    } catch {
      // A broken listener must not leave jobs unsettled or the batch hanging.
    }
  }

  const complete = (): void => {
    if (finished) return
    finished = true
    signal?.removeEventListener('abort', cancelAll)
    if (failures.length === 0) resolve(results as T[])
    else
      reject(
        new ScheduleError(
          results,
          failures.toSorted((a, b) => a.index - b.index),
        ),
      )
  }

  const settle = (index: number, outcome: JobOutcome<T>): void => {
    state[index] = 'settled'
    running.delete(index)
    settledCount += 1
    if (outcome.value.ok) results[index] = outcome.value.result
    else failures.push({ index, error: outcome.value.error })
    emit({
      type: outcome.event,
      index,
      ...(outcome.event === 'finished' && !outcome.value.ok && { failed: true }),
      ...(outcome.abandoned && { abandoned: true }),
    })
    for (const dependent of dependents[index] ?? []) blockersLeft[dependent] = (blockersLeft[dependent] ?? 0) - 1
    if (settledCount === count) complete()
    else queuePump()
  }

  const settleUnstarted = (index: number): void => {
    let value: JobOutcome<T>['value']
    try {
      value = { ok: true, result: jobs[index]!.onCancel() }
    } catch (error) {
      value = { ok: false, error }
    }
    settle(index, { event: 'cancelled', value, abandoned: false })
  }

  const start = (index: number): void => {
    state[index] = 'running'
    emit({ type: 'started', index })
    // A listener that cancelled the run synchronously has already settled this job as cancelled.
    if (state[index] !== 'running') return
    const job = startJob(jobs[index]!, graceMs)
    running.set(index, job)
    void job.settled.then((outcome) => settle(index, outcome))
  }

  // Jobs before this index have all started or settled: each pump scans from here, not from 0.
  let firstPending = 0
  let pumpQueued = false

  /** Starts every ready job a free slot allows, as one batch (see `beforeStart`). */
  function pump(): void {
    pumpQueued = false
    while (firstPending < count && state[firstPending] !== 'pending') firstPending += 1
    const batch: number[] = []
    for (let index = firstPending; index < count && running.size + batch.length < maxConcurrency; index += 1) {
      if (state[index] === 'pending' && blockersLeft[index] === 0) batch.push(index)
    }
    if (batch.length === 0 || cancelled) return
    try {
      options.beforeStart?.(batch)
    } catch (error) {
      // What had to happen before these jobs run did not: none of them may run.
      for (const index of batch) {
        state[index] = 'running'
        settle(index, { event: 'finished', value: { ok: false, error }, abandoned: false })
      }
      return
    }
    for (const index of batch) if (!cancelled) start(index)
  }

  /**
   * After a job settles, the next start waits for the jobs settling in the same tick, so that the
   * slots they free fill as one batch.
   */
  function queuePump(): void {
    if (pumpQueued) return
    pumpQueued = true
    setImmediate(pump)
  }

  function cancelAll(): void {
    if (cancelled) return
    cancelled = true
    for (let index = 0; index < count; index += 1) {
      const job = running.get(index)
      if (job !== undefined) job.cancel(signal?.reason)
      // A job that is `running` without a handle is being started; it must not run.
      else if (state[index] !== 'settled') settleUnstarted(index)
    }
  }

  for (let index = 0; index < count; index += 1) emit({ type: 'queued', index })
  if (count === 0) return complete()
  if (signal?.aborted === true) return cancelAll()
  signal?.addEventListener('abort', cancelAll, { once: true })
  pump()
}

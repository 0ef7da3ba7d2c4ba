import { claimsConflict } from './claims.js'
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
  const { blockersLeft, dependents } = conflictGraph(jobs)
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
    else pump()
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

  function pump(): void {
    for (let index = 0; index < count && !cancelled && running.size < maxConcurrency; index += 1) {
      if (state[index] === 'pending' && blockersLeft[index] === 0) start(index)
    }
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

/** For each job, how many earlier jobs it conflicts with, and which later jobs wait for it. */
function conflictGraph(jobs: readonly ScheduledJob<unknown>[]): { blockersLeft: number[]; dependents: number[][] } {
  const blockersLeft = jobs.map(() => 0)
  const dependents = jobs.map((): number[] => [])
  for (let later = 0; later < jobs.length; later += 1) {
    for (let earlier = 0; earlier < later; earlier += 1) {
      if (claimsConflict(jobs[earlier]!.claims, jobs[later]!.claims)) {
        blockersLeft[later] = (blockersLeft[later] ?? 0) + 1
        dependents[earlier]!.push(later)
      }
    }
  }
  return { blockersLeft, dependents }
}

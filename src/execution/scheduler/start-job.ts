import type { ScheduledJob } from './types.js'

/** How one job ended: its event, and its result or the error that replaced it. */
export interface JobOutcome<T> {
  readonly event: 'finished' | 'timed_out' | 'cancelled'
  readonly value: { readonly ok: true; readonly result: T } | { readonly ok: false; readonly error: unknown }
  /** The job was given up on after ignoring its aborted signal for the grace period. */
  readonly abandoned: boolean
}

/** A started job: its settlement, and a way to cancel it. */
export interface RunningJob<T> {
  readonly settled: Promise<JobOutcome<T>>
  /** Aborts the job's signal with `reason`; its result becomes `onCancel()`. Ignored once stopping. */
  cancel(reason: unknown): void
}

// setTimeout fires after 1 ms for delays beyond a signed 32-bit integer; treat those as no limit.
const maxTimerDelay = 2 ** 31 - 1

/**
 * Starts `job` now. A timeout or a cancellation aborts the job's signal, then waits for `run` to
 * settle, at most `graceMs`, before settling with the substitute result: conflicting jobs stay
 * held back while the aborted work winds down, but a job that ignores its signal cannot stall the
 * batch.
 */
export function startJob<T>(job: ScheduledJob<T>, graceMs: number): RunningJob<T> {
  const controller = new AbortController()
  let stopping: 'timed_out' | 'cancelled' | undefined
  let done = false
  let timeoutTimer: ReturnType<typeof setTimeout> | undefined
  let graceTimer: ReturnType<typeof setTimeout> | undefined
  let resolveSettled!: (outcome: JobOutcome<T>) => void
  const settled = new Promise<JobOutcome<T>>((resolve) => (resolveSettled = resolve))

  const finish = (outcome: JobOutcome<T>): void => {
    if (done) return
    done = true
    clearTimeout(timeoutTimer)
    clearTimeout(graceTimer)
    resolveSettled(outcome)
  }

  const substitute = (event: 'timed_out' | 'cancelled', abandoned: boolean): JobOutcome<T> => {
    try {
      return { event, value: { ok: true, result: event === 'timed_out' ? job.onTimeout() : job.onCancel() }, abandoned }
    } catch (error) {
      return { event, value: { ok: false, error }, abandoned }
    }
  }

  const stop = (event: 'timed_out' | 'cancelled', reason: unknown): void => {
    if (done || stopping !== undefined) return
    stopping = event
    clearTimeout(timeoutTimer)
    controller.abort(reason)
    graceTimer = setTimeout(() => finish(substitute(event, true)), graceMs)
  }

  // Whatever `run` produces after its signal was aborted is discarded for the substitute.
  const onSettled = (value: JobOutcome<T>['value']): void =>
    finish(stopping === undefined ? { event: 'finished', value, abandoned: false } : substitute(stopping, false))

  let running: Promise<T>
  try {
    running = Promise.resolve(job.run(controller.signal))
  } catch (error) {
    running = Promise.reject(error)
  }
  running.then(
    (result) => onSettled({ ok: true, result }),
    (error: unknown) => onSettled({ ok: false, error }),
  )

  const timeoutMs = job.timeoutMs
  if (timeoutMs !== undefined && timeoutMs <= maxTimerDelay) {
    timeoutTimer = setTimeout(
      () => stop('timed_out', new DOMException(`The job timed out after ${timeoutMs} ms.`, 'TimeoutError')),
      timeoutMs,
    )
  }

  return { settled, cancel: (reason) => stop('cancelled', reason) }
}

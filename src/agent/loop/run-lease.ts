import { hostname } from 'node:os'
import type { LeaseHolder, RunLease, Store } from '../../store/store.js'

/** How long a lease lasts without renewal, and how often a driving process renews it. */
export const runLeaseTtlMs = 60_000
const renewEveryMs = 15_000

/** Runs this process drives right now: a second driver in the same process is refused too. */
const drivenHere = new Set<string>()

/** The run is driven by another process (or another run object of this one). */
export class RunBusyError extends Error {
  override readonly name = 'RunBusyError'
}

/** True when the lease's process has ended (same host only; a process we may not signal is alive). */
function processGone(lease: RunLease): boolean {
  try {
    process.kill(lease.pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * Holds a run's lease while this process drives it: acquired before the run starts or resumes,
 * renewed in the background, released at the end. A lease of a process that was killed is taken
 * over at once on the same host, and after it expires elsewhere.
 */
export class RunLeaseHold {
  readonly #store: Store
  readonly #runId: string
  readonly #holder: LeaseHolder
  readonly #timer: NodeJS.Timeout

  private constructor(store: Store, runId: string, holder: LeaseHolder) {
    this.#store = store
    this.#runId = runId
    this.#holder = holder
    this.#timer = setInterval(() => this.#store.runLeases.renew(runId, holder, runLeaseTtlMs), renewEveryMs)
    this.#timer.unref()
  }

  /** @throws RunBusyError when another live process (or run object) drives the run */
  static acquire(store: Store, runId: string): RunLeaseHold {
    if (drivenHere.has(runId)) throw new RunBusyError(`Run ${runId} is already being driven in this process.`)
    const holder = { host: hostname(), pid: process.pid }
    const attempt = store.runLeases.acquire(runId, holder, runLeaseTtlMs, processGone)
    if (!attempt.acquired) {
      const { heldBy } = attempt
      throw new RunBusyError(
        `Run ${runId} is being driven by process ${heldBy.pid} on ${heldBy.host} (lease until ${new Date(heldBy.expiresAt).toISOString()}); wait for it to end or stop that process.`,
      )
    }
    drivenHere.add(runId)
    return new RunLeaseHold(store, runId, holder)
  }

  release(): void {
    clearInterval(this.#timer)
    drivenHere.delete(this.#runId)
    this.#store.runLeases.release(this.#runId, this.#holder)
  }
}

import type { ResourceClaim } from '../../../tool/define-tool.js'
import type { ScheduledJob, SchedulerEvent } from '../types.js'

/** A promise settled by hand. */
export interface Deferred<T> {
  readonly promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  return Promise.withResolvers<T>()
}

/** Lets pending callbacks run until `predicate` holds; counts event-loop turns, not time. */
export async function until(predicate: () => boolean, turns = 1000): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    if (predicate()) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('condition not reached')
}

/** Waits, a millisecond at a time, until `predicate` holds: for conditions that need a timer to fire. */
export async function untilTimers(predicate: () => boolean, attempts = 5000): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (predicate()) return
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  throw new Error('condition not reached')
}

/** Lets every callback that is ready run. */
export const settleDown = (): Promise<void> => until(() => false, 20).catch(() => undefined)

export const read = (path: string): ResourceClaim => ({ kind: 'file', path, access: 'read' })
export const write = (path: string): ResourceClaim => ({ kind: 'file', path, access: 'write' })

interface JobOptions {
  readonly timeoutMs?: number
  /** Keep running after the signal aborts, as a misbehaving tool would. */
  readonly ignoreSignal?: boolean
}

/**
 * Jobs whose runs finish when the test says so. Records a start/end log, the jobs running now,
 * the most ever running together, each job's signal and the scheduler's events.
 */
export class Harness {
  readonly log: string[] = []
  readonly events: SchedulerEvent[] = []
  readonly signals = new Map<number, AbortSignal>()
  readonly gates = new Map<number, Deferred<string>>()
  running = 0
  maxRunning = 0

  readonly onEvent = (event: SchedulerEvent): void => void this.events.push(event)

  job(index: number, claims: readonly ResourceClaim[], options: JobOptions = {}): ScheduledJob<string> {
    const gate = deferred<string>()
    this.gates.set(index, gate)
    return {
      claims,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      run: async (signal) => {
        this.signals.set(index, signal)
        this.log.push(`start ${index}`)
        this.running += 1
        this.maxRunning = Math.max(this.maxRunning, this.running)
        if (options.ignoreSignal !== true) signal.addEventListener('abort', () => gate.reject(signal.reason))
        try {
          return await gate.promise
        } finally {
          this.running -= 1
          this.log.push(`end ${index}`)
        }
      },
      onTimeout: () => `timeout ${index}`,
      onCancel: () => `cancel ${index}`,
    }
  }

  started(): number[] {
    return this.log.filter((line) => line.startsWith('start ')).map((line) => Number(line.slice(6)))
  }

  finish(index: number, value = `result ${index}`): void {
    this.gates.get(index)?.resolve(value)
  }

  eventsOf(type: SchedulerEvent['type']): number[] {
    return this.events.filter((event) => event.type === type).map((event) => event.index)
  }
}

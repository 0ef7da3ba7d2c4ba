import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'

/**
 * Lease owners of the SQLite queue: `<pid>@<hostname>#<instance>.<delivery>`. The pid and host let
 * another process on the same host see that the owner died (SIGKILL, power cut of a container) and
 * take its messages back at once instead of after the visibility timeout; the instance part tells
 * a live process from a new one that got a dead one's pid.
 */
const pattern = /^(\d+)@(.*)#([0-9a-f]+)\.\d+$/

/** Instances of this process that may still own leases. */
const liveInstances = new Set<string>()

/** A lease-owner prefix for one queue instance; `release` it when the queue closes. */
export interface LeaseOwnerTag {
  /** The owner text of delivery number `seq`. */
  owner(seq: number): string
  release(): void
}

/** A new owner tag of this process. */
export function newLeaseOwnerTag(): LeaseOwnerTag {
  const instance = randomUUID().replace(/-/g, '').slice(0, 16)
  liveInstances.add(instance)
  const prefix = `${process.pid}@${hostname()}#${instance}`
  return { owner: (seq) => `${prefix}.${seq}`, release: () => void liveInstances.delete(instance) }
}

/**
 * Whether a lease owner is known to be gone: a process of this host that no longer exists, or an
 * instance of this very process that was closed (or belonged to an earlier process with this pid).
 * Owners on other hosts, or of a form not written here, are never judged dead: their leases expire.
 */
export function isDeadOwner(owner: string): boolean {
  const match = pattern.exec(owner)
  if (match === null || match[2] !== hostname()) return false
  const pid = Number(match[1])
  if (pid === process.pid) return !liveInstances.has(match[3] ?? '')
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

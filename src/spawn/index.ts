/**
 * Bounded spawning: programs the host starts (process tools, command hooks) cannot outlive their
 * call or the host, whatever they do to detach.
 */
export { containment, detectContainment } from './containment.js'
export type { Containment } from './containment.js'
export { spawnBounded } from './spawn-bounded.js'
export type { BoundedProcess, BoundedSpawnOptions } from './spawn-bounded.js'
export { SpawnTracker } from './spawn-tracker.js'
export { spawnMarkerName } from './marker-sweep.js'

/** Something that can kill itself and all it started. */
export interface Killable {
  kill(): void
}

/**
 * The bounded processes still running for one owner (a tool host, say), so that closing the owner
 * kills them all.
 */
export class SpawnTracker {
  readonly #live = new Set<Killable>()

  /** Tracks `process` until the returned function is called. */
  track(process: Killable): () => void {
    this.#live.add(process)
    return () => this.#live.delete(process)
  }

  /** How many are running. */
  get size(): number {
    return this.#live.size
  }

  /** Kills every tracked process and all it started. */
  killAll(): void {
    for (const process of [...this.#live]) process.kill()
    this.#live.clear()
  }
}

/** Every bounded process of this host process, killed when it exits. */
export const everySpawn = new SpawnTracker()
let exitHookInstalled = false

/** Kills what is still running when the host process exits, however it exits normally. */
export function killAllOnExit(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.once('exit', () => everySpawn.killAll())
}

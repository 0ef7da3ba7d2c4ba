/** The tail of each key's queue: the promise the next holder waits for. */
const tails = new Map<string, Promise<void>>()

/**
 * Runs `work` once every earlier holder of `key` in this process has finished, so two snapshots
 * of one shadow repository never write its index together. Other processes are kept apart by
 * git's own `index.lock`.
 * @example await withSerialLock(stateDir, () => snapshotOnce())
 */
export async function withSerialLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve()
  let release = () => {}
  const mine = new Promise<void>((resolve) => (release = resolve))
  const tail = before.then(() => mine)
  tails.set(key, tail)
  await before
  try {
    return await work()
  } finally {
    release()
    // The last holder leaves no entry behind, so the map does not grow with every workspace.
    if (tails.get(key) === tail) tails.delete(key)
  }
}

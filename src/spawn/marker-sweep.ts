import { readdirSync, readFileSync } from 'node:fs'

/** The environment variable that marks every process of a spawn when no namespace is available. */
export const spawnMarkerName = 'TOOLHOST_SPAWN_MARK'

// Each pass kills what the last one found; children forked meanwhile carry the mark and are found
// by the next. A bound keeps a fork storm from holding the host.
const maxPasses = 20

/**
 * Kills (SIGKILL) every process whose environment carries `token` under {@link spawnMarkerName},
 * until a pass finds none. Only processes whose environment this user may read are seen: its own.
 * Synchronous, so that it can run while the host exits. Returns how many kills were sent.
 */
export function sweepMarked(token: string): number {
  const needle = `\0${spawnMarkerName}=${token}\0`
  let sent = 0
  for (let pass = 0; pass < maxPasses; pass++) {
    const marked = markedPids(needle)
    if (marked.length === 0) break
    for (const pid of marked) {
      try {
        process.kill(pid, 'SIGKILL')
        sent++
      } catch {
        // Gone already.
      }
    }
  }
  return sent
}

function markedPids(needle: string): number[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  const pids: number[] = []
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    try {
      // A zombie's environment reads empty: it is dead already.
      if (`\0${readFileSync(`/proc/${entry}/environ`, 'latin1')}`.includes(needle)) pids.push(pid)
    } catch {
      // Gone, or someone else's.
    }
  }
  return pids
}

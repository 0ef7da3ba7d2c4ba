import { readdirSync, readFileSync } from 'node:fs'

/** The host processes whose command line contains `marker` (read from /proc). */
export function processesWith(marker: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'latin1').replaceAll('\0', ' ').includes(marker))
        found.push(Number(entry))
    } catch {
      // Gone.
    }
  }
  return found
}

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

/**
 * Waits until no host process has `marker` in its command line (a sandbox ends its processes
 * shortly after its host died); fails after `ms` naming those still there.
 */
export async function untilNoProcessWith(marker: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    const left = processesWith(marker)
    if (left.length === 0) return
    if (Date.now() > deadline) {
      const lines = left.map((pid) => {
        try {
          return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ')}`
        } catch {
          return `${pid}: gone`
        }
      })
      throw new Error(`processes with "${marker}" still run:\n${lines.join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

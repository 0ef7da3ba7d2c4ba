import { readBackgroundList } from '../../tools/background/background-list.js'

/** How many of a run's background commands are running, for the status line; 0 when the list cannot be read. */
export function runningBackgroundCommands(runDir: string): number {
  try {
    return readBackgroundList(runDir).filter((entry) => entry.status === 'running').length
  } catch {
    return 0
  }
}

import { readdirSync, readFileSync } from 'node:fs'

const sigterm = 15

/**
 * Gives a PID namespace's init what SIGTERM gives any other process. The kernel delivers to an
 * init only the signals it handles, and drops the rest: a program that never set a SIGTERM handler,
 * or whose handler restores the default and raises the signal again (Node does this for every
 * program), would run on after `terminate()` until the kill grace ends. It is killed instead once
 * its SIGTERM disposition is the default, which is what that default would have done (killing the
 * init ends the namespace). A program that handles, ignores or blocks SIGTERM is left to it.
 * `wrapperPid` is the host's child, whose one child is the init; the watch ends once `ended()`.
 */
export function watchNamespaceInit(wrapperPid: number, ended: () => boolean): void {
  let delayMs = 5
  const check = (): void => {
    if (ended()) return
    const init = onlyChild(wrapperPid)
    if (init !== undefined && diesOfSigterm(init)) {
      try {
        process.kill(init, 'SIGKILL')
      } catch {
        // Gone already.
      }
      return
    }
    // A handler runs when the scheduler gets to it; the watch backs off meanwhile.
    delayMs = Math.min(delayMs * 2, 500)
    setTimeout(check, delayMs).unref()
  }
  check()
}

/** The host pid of the one child of `pid`, if it has one now. */
function onlyChild(pid: number): number | undefined {
  let listed: string
  try {
    listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1')
  } catch {
    // Kernels without the children list: find the process whose parent is `pid`.
    listed = childrenByParent(pid).join(' ')
  }
  const [child] = listed.trim().split(/\s+/).filter(Boolean).map(Number)
  return child
}

/** The host pids of the children of `pid`, found by their parent pid in `/proc`. */
export function childrenByParent(pid: number): number[] {
  const children: number[] = []
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return children
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // The command name in parentheses may hold spaces; the parent pid follows it and the state.
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry))
    } catch {
      // Gone.
    }
  }
  return children
}

/** Whether SIGTERM's default action applies to `pid`: it neither handles, ignores nor blocks it. */
function diesOfSigterm(pid: number): boolean {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'latin1')
  } catch {
    return false
  }
  const bit = 1n << BigInt(sigterm - 1)
  for (const field of ['SigCgt', 'SigIgn', 'SigBlk']) {
    const mask = new RegExp(`^${field}:\\s*([0-9a-f]+)$`, 'm').exec(status)?.[1]
    if (mask === undefined || (BigInt(`0x${mask}`) & bit) !== 0n) return false
  }
  return true
}

import { readFile } from 'node:fs/promises'

/**
 * True while `pid` names a live process. A zombie counts as gone: it has exited and only waits to
 * be reaped, which a container's init may never do.
 */
export async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  return stat !== '' && !/^\d+ \(.*\) Z /s.test(stat)
}

/**
 * True once `pid` is gone, polling for up to `ms`: a killed process needs a moment of the
 * kernel's time to exit, more on a busy machine.
 */
export async function goneWithin(pid: number, ms = 3_000): Promise<boolean> {
  const deadline = Date.now() + ms
  while (await isAlive(pid)) {
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return true
}

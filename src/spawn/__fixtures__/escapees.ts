import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { isAlive } from './process-liveness.js'

/**
 * Shell that appends the pid of the shell running it, as the host sees it, to the file `$0`. In a
 * PID namespace `$$` is the namespace's own number; `/proc` is still the host's, and `read` is a
 * builtin, so `/proc/self` is this very shell.
 */
const appendOwnPid = `read -r own_pid _ < /proc/self/stat; echo "$own_pid" >> "$0"`

/** Shell: appends this script's own host pid to `file`. */
export function recordOwnPid(file: string): string {
  return `read -r own_pid _ < /proc/self/stat; echo "$own_pid" >> "${file}"`
}

/**
 * Shell: starts `sleep 30` in the background, still in the script's process group, and returns
 * once its host pid is appended to `file`.
 */
export function backgroundSleep(file: string): string {
  return [
    `sh -c '${appendOwnPid.replaceAll('"$0"', '"$0.one"')}; exec sleep 30' "${file}" &`,
    `while [ ! -s "${file}.one" ]; do sleep 0.01; done`,
    `cat "${file}.one" >> "${file}"`,
    `rm -f "${file}.one"`,
  ].join('\n')
}

/** How many processes {@link startEscapees} starts. */
export const escapeeCount = 4

/**
 * Writes what {@link startEscapees} needs into `dir`: a node program that starts a detached
 * (`setsid`) shell and returns at once, as daemonizing libraries do.
 */
export async function writeEscapeKit(dir: string): Promise<void> {
  const daemonize = `import { spawn } from 'node:child_process'
spawn('/bin/sh', ['-c', ${JSON.stringify(`${appendOwnPid}; exec sleep 1000`)}, process.argv[2]], { detached: true, stdio: 'ignore' }).unref()
`
  await writeFile(join(dir, 'daemonize.mjs'), daemonize)
}

/**
 * Shell lines that start {@link escapeeCount} `sleep 1000`s that leave the process group and the
 * session in the ways daemons do (setsid, a double fork, nohup, a detached node child), each
 * appending its host pid to `file`, and go on once all of them have. One keeps the script's
 * stdout and stderr open.
 */
export function startEscapees(file: string, kitDir: string): string {
  const sleeper = `'${appendOwnPid}; exec sleep 1000' "${file}"`
  return [
    `: > "${file}"`,
    `setsid sh -c ${sleeper} &`,
    `( setsid sh -c ${sleeper} < /dev/null > /dev/null 2>&1 & ) &`,
    `nohup setsid sh -c ${sleeper} < /dev/null > /dev/null 2>&1 &`,
    `"${process.execPath}" "${join(kitDir, 'daemonize.mjs')}" "${file}"`,
    `while [ "$(wc -l < "${file}")" -lt ${escapeeCount} ]; do sleep 0.02; done`,
  ].join('\n')
}

/** The pids written to `file`, one a line. */
export async function pidsIn(file: string): Promise<number[]> {
  return (await readFile(file, 'utf8')).split('\n').filter(Boolean).map(Number)
}

/**
 * The pids among `pids` still running `sleep` after polling for up to `ms` (a killed process needs
 * a moment of the kernel's time to leave, more on a busy machine). Survivors are then killed, so
 * that a failing test leaves nothing behind; a pid taken by another program meanwhile is no sleeper
 * and is left alone.
 */
export async function survivorsAfter(pids: readonly number[], ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms
  for (;;) {
    const alive: number[] = []
    for (const pid of pids) if (await isSleeper(pid)) alive.push(pid)
    if (alive.length === 0) return []
    if (Date.now() > deadline) {
      for (const pid of alive) process.kill(pid, 'SIGKILL')
      return alive
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function isSleeper(pid: number): Promise<boolean> {
  if (!(await isAlive(pid))) return false
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
  return cmdline.startsWith('sleep\0')
}

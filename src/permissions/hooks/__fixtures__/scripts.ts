import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PostToolHookInput, PreToolHookInput } from '../hook-types.js'

/** A temporary directory for hook scripts and the files they write. */
export interface ScriptDir {
  readonly path: string
  /** Writes an executable `#!/bin/sh` script and returns its path. */
  script(name: string, body: string): Promise<string>
  read(name: string): Promise<string>
  remove(): Promise<void>
}

export async function scriptDir(): Promise<ScriptDir> {
  const path = await mkdtemp(join(tmpdir(), 'toolhost-hooks-'))
  return {
    path,
    async script(name, body) {
      const file = join(path, name)
      await writeFile(file, `#!/bin/sh\n${body}\n`)
      await chmod(file, 0o755)
      return file
    },
    read: (name) => readFile(join(path, name), 'utf8'),
    remove: () => rm(path, { recursive: true, force: true }),
  }
}

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

export const preInput = (overrides: Partial<PreToolHookInput> = {}): PreToolHookInput => ({
  event: 'pre_tool',
  toolId: 'builtin:workspace.shell',
  alias: 'workspace_shell',
  callId: 'call-1',
  input: { command: 'ls' },
  runId: 'run-1',
  invocationId: 'inv-1',
  ...overrides,
})

export const postInput = (overrides: Partial<PostToolHookInput> = {}): PostToolHookInput => ({
  event: 'post_tool',
  toolId: 'builtin:workspace.shell',
  alias: 'workspace_shell',
  callId: 'call-1',
  input: { command: 'ls' },
  result: { content: 'a.txt', isError: false },
  runId: 'run-1',
  invocationId: 'inv-1',
  ...overrides,
})

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

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createToolHost } from '../../host/create-tool-host.js'
import { containment } from '../../spawn/containment.js'
import { detachingServer, memoryStore } from './__fixtures__/mcp-fixtures.js'
import { McpClientManager } from './mcp-client-manager.js'

// A stdio server that detaches a process with setsid leaves its process group and session: only
// a bound on the whole spawn (a PID namespace, or the marker where there is none) catches it.
const linux = process.platform === 'linux'
const root = join(import.meta.dirname, '..', '..', '..')
const detected = linux ? await containment() : undefined
let dir: string
let counter = 0
const sleepers: number[] = []
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolhost-mcp-bounded-'))
})
afterAll(async () => {
  // A regression would leave sleepers behind; they go when the file ends.
  for (const pid of sleepers) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Gone, as it should be.
    }
  }
  await rm(dir, { recursive: true, force: true })
})

/** A fresh file for the detached sleeper's pid. */
function pidFile(): string {
  return join(dir, `sleeper-${++counter}.pid`)
}

/** The detached sleeper's host pid, once the server has written it. */
async function sleeperIn(file: string): Promise<number> {
  const pid = await vi.waitFor(
    async () => {
      const text = await readFile(file, 'utf8')
      expect(text).toMatch(/^\d+\n$/)
      return Number(text)
    },
    { timeout: 10_000, interval: 20 },
  )
  sleepers.push(pid)
  return pid
}

/** The sleeper's pid, checking that it runs. */
async function runningSleeperIn(file: string): Promise<number> {
  const pid = await sleeperIn(file)
  expect(exists(pid)).toBe(true)
  return pid
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
    throw error
  }
}

/** Passes once no process has this pid, polling for up to 10 s (a killed process needs a moment). */
async function expectGone(pid: number): Promise<void> {
  await vi.waitFor(() => expect(exists(pid), `the detached process ${pid}`).toBe(false), {
    timeout: 10_000,
    interval: 20,
  })
}

describe.skipIf(!linux)('stdio MCP servers stay bounded', () => {
  it('closing the client kills the server, which ignores the end of its stdin, and what it detached with setsid', async () => {
    const store = memoryStore()
    // SIGTERM must stop it: a grace past the test timeout is never waited out.
    const mcp = new McpClientManager({ store, killGraceMs: 600_000 })
    try {
      const file = pidFile()
      const { id } = mcp.register('Detaching', {
        kind: 'stdio',
        command: process.execPath,
        args: [detachingServer, file],
      })
      await mcp.discover(id)
      const sleeper = await runningSleeperIn(file)
      await mcp.close()
      await expectGone(sleeper)
    } finally {
      await mcp.close()
      store.close()
    }
  })

  it('closing the host kills what its MCP servers detached', async () => {
    const dataDir = await mkdtemp(join(dir, 'host-'))
    const host = await createToolHost({ dataDir, workspaceDir: dataDir, processDirs: [], watchProcessTools: false })
    try {
      const file = pidFile()
      const { id } = host
        .mcp()
        .register('Detaching', { kind: 'stdio', command: process.execPath, args: [detachingServer, file] })
      await host.mcp().discover(id)
      const sleeper = await runningSleeperIn(file)
      await host.close()
      await expectGone(sleeper)
    } finally {
      await host.close()
    }
  })

  it.each([
    ['exits without closing', 'exit'],
    ...(detected?.kind === 'pid-namespace' && detected.parentDeathSignal ? [['is killed with SIGKILL', 'wait']] : []),
  ])('a host process that %s leaves nothing its servers detached', async (_how, end) => {
    const file = pidFile()
    const host = spawn(
      process.execPath,
      [
        '--import',
        join(root, 'scripts', 'register-ts.ts'),
        join(import.meta.dirname, '__fixtures__', 'host-with-detaching-server.ts'),
        file,
        end ?? 'exit',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const closed = once(host, 'close')
    let output = ''
    for await (const chunk of host.stdout) {
      output += String(chunk)
      if (output.includes('ready')) break
    }
    // The host saw the sleeper run before it said ready.
    expect(output).toBe('ready\n')
    const sleeper = await sleeperIn(file)
    if (end === 'wait') host.kill('SIGKILL')
    await closed
    await expectGone(sleeper)
  })
})

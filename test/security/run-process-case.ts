import { readFileSync, writeFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createToolHost } from '../../src/host/create-tool-host.js'
import type { ProcessCase } from './corpus-file.js'

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

const recorded = (file: string): number[] => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/**
 * Calls a process tool whose script starts processes (recording their host pids), interrupts the
 * call if asked, and checks that every recorded process is gone afterwards (polled for 10 s).
 */
export async function runProcessCase(spec: ProcessCase): Promise<string[]> {
  const root = await mkdtemp(join(tmpdir(), 'toolhost-security-process-'))
  const tools = join(root, 'tools')
  const pids = join(root, 'pids')
  await mkdir(tools)
  writeFileSync(join(tools, 'escape.sh'), `#!/bin/sh\n${spec.script}\n`, { mode: 0o755 })
  writeFileSync(
    join(tools, 'escape.yaml'),
    `name: escape\ndescription: Starts processes.\ncommand: ./escape.sh\ntimeout: ${spec.timeout}\nenv: { set: { PIDS: ${JSON.stringify(pids)} } }\n`,
  )
  const host = await createToolHost({
    dataDir: join(root, 'data'),
    workspaceDir: root,
    processDirs: [tools],
    watchProcessTools: false,
  })
  const problems: string[] = []
  let closed = false
  try {
    await host.trustProcessTools([tools])
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { allow: ['process/*'] }, permissions: { mode: 'bypass' } },
    })
    const alias = inv.snapshot.bindings.find((b) => b.toolId === 'process/escape:escape')?.alias
    if (alias === undefined) return ['the process tool is not offered']
    const controller = new AbortController()
    const turn = inv.executeTurn({
      calls: [{ callId: 'call_p', name: alias, arguments: {} }],
      signal: controller.signal,
    })
    if (spec.interrupt !== 'none') {
      while (recorded(pids).length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
      if (spec.interrupt === 'cancel') controller.abort(new Error('cancelled by the corpus'))
      else {
        closed = true
        await host.close()
      }
    }
    const outcome = await turn.then(
      ([result]) => (result === undefined ? 'none' : result.isError ? (result.errorCode ?? 'error') : 'ok'),
      (error: unknown) => (spec.interrupt === 'none' ? `failed: ${String(error)}` : 'interrupted'),
    )
    if (spec.result !== undefined && outcome !== spec.result)
      problems.push(`expected result ${spec.result}, got ${outcome}`)
  } finally {
    if (!closed) await host.close()
  }
  const started = recorded(pids)
  if (started.length === 0) problems.push('the script recorded no process')
  const deadline = Date.now() + 10_000
  while (started.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
  const survivors = started.filter(alive)
  if (survivors.length > 0) {
    problems.push(`processes outlived the call: ${survivors.join(', ')}`)
    for (const pid of survivors) process.kill(pid, 'SIGKILL')
  }
  await rm(root, { recursive: true, force: true })
  return problems
}

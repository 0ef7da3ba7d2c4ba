import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { createToolHost } from '../host/create-tool-host.js'
import { escapeeCount, pidsIn, startEscapees, survivorsAfter, writeEscapeKit } from '../spawn/__fixtures__/escapees.js'
import { callTool, processCallContext, specDir, toolById, type SpecDir } from './__fixtures__/process-fixtures.js'
import { loadProcessTools } from './load-process-tools.js'

// Processes that detach with setsid or a double fork, as daemons do, end with the call that
// started them, however it ends, and with the host.

const dir: SpecDir = await specDir()
await writeEscapeKit(dir.path)
const pidFile = (name: string) => join(dir.path, `${name}.pids`)
// A regression would leave sleepers behind; they go when the file ends.
const used: string[] = []
afterAll(async () => {
  for (const name of used) await survivorsAfter(await pidsIn(pidFile(name)).catch(() => []), 0)
})

/** A tool `process/<name>:<name>` that reads its request, starts the escapees, then runs `then`. */
async function escapingTool(name: string, then: string, specLines = ''): Promise<CatalogTool> {
  used.push(name)
  await dir.script(`${name}.sh`, `cat > /dev/null\n${startEscapees(pidFile(name), dir.path)}\n${then}`)
  await dir.file(`${name}.yaml`, `name: ${name}\ndescription: Test tool.\ncommand: ./${name}.sh\n${specLines}`)
  return toolById((await loadProcessTools([dir.path])).tools, `process/${name}:${name}`)
}

/** Waits until the tool's escapees run (they wrote their pids); the bound only guards a hang. */
async function untilEscaped(name: string): Promise<void> {
  await vi.waitFor(async () => expect(await pidsIn(pidFile(name)).catch(() => [])).toHaveLength(escapeeCount), {
    timeout: 10_000,
    interval: 20,
  })
}

async function expectEscapeesGone(name: string): Promise<void> {
  const pids = await pidsIn(pidFile(name))
  expect(pids).toHaveLength(escapeeCount)
  expect(await survivorsAfter(pids)).toEqual([])
}

describe.skipIf(process.platform !== 'linux')('process tools stay bounded', () => {
  it('kills what a tool started in the background when it answers', async () => {
    const tool = await escapingTool('answers', `echo '{"type":"result","content":"done"}'`)
    await expect(callTool(tool, {}, processCallContext())).resolves.toEqual({ content: 'done' })
    await expectEscapeesGone('answers')
  })

  it('kills what a tool started when it runs out of time', async () => {
    const tool = await escapingTool('overruns', 'sleep 1000', 'timeout: 5\n')
    await expect(callTool(tool, {}, processCallContext())).rejects.toMatchObject({ code: 'process.timeout' })
    await expectEscapeesGone('overruns')
  })

  it('kills what a tool started when its call is cancelled', async () => {
    const tool = await escapingTool('cancelled', 'sleep 1000')
    const controller = new AbortController()
    const call = callTool(tool, {}, processCallContext({ signal: controller.signal }))
    await untilEscaped('cancelled')
    controller.abort(new Error('run cancelled'))
    await expect(call).rejects.toMatchObject({ code: 'process.cancelled' })
    await expectEscapeesGone('cancelled')
  })

  it('kills the processes of running calls when the host closes', async () => {
    await escapingTool('outlives', 'sleep 1000', 'timeout: 60\n')
    const host = await createToolHost({ dataDir: tempDir(), processDirs: [dir.path], watchProcessTools: false })
    await host.trustProcessTools()
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { allow: ['process/*'] } },
      approver: async () => ({ behavior: 'allow', scope: 'once' }),
    })
    const turn = inv
      .executeTurn({ calls: [{ callId: 'c1', name: 'outlives', arguments: {} }] })
      .catch((error: unknown) => error)
    await untilEscaped('outlives')
    await host.close()
    await expectEscapeesGone('outlives')
    await turn
  })
})

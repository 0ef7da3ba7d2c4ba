import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  escapeeCount,
  pidsIn,
  startEscapees,
  survivorsAfter,
  writeEscapeKit,
} from '../../spawn/__fixtures__/escapees.js'
import { preInput, scriptDir, type ScriptDir } from './__fixtures__/scripts.js'
import { runPreToolHooks } from './run-pre-tool-hooks.js'

// A command hook that detaches processes with setsid or a double fork cannot leave them running.

let dir: ScriptDir
beforeAll(async () => {
  dir = await scriptDir()
  await writeEscapeKit(dir.path)
})
afterAll(() => dir.remove())

const pidFile = (name: string) => join(dir.path, `${name}.pids`)
// A regression would leave sleepers behind; they go when the file ends.
const used: string[] = []
afterAll(async () => {
  for (const name of used) await survivorsAfter(await pidsIn(pidFile(name)).catch(() => []), 0)
})

/** A hook script that starts the escapees, then runs `then`. */
function hookThat(name: string, then: string): Promise<string> {
  used.push(name)
  return dir.script(`${name}.sh`, `${startEscapees(pidFile(name), dir.path)}\n${then}`)
}

async function expectEscapeesGone(name: string): Promise<void> {
  const pids = await pidsIn(pidFile(name))
  expect(pids).toHaveLength(escapeeCount)
  expect(await survivorsAfter(pids)).toEqual([])
}

describe.skipIf(process.platform !== 'linux')('command hooks stay bounded', () => {
  it('kills what a hook started in the background when it exits', async () => {
    const hook = await hookThat('exits', `echo '{"decision":"allow"}'`)
    expect(
      await runPreToolHooks({ preTool: [{ command: hook }] }, preInput(), new AbortController().signal),
    ).toMatchObject({ decision: 'allow' })
    await expectEscapeesGone('exits')
  })

  it('kills what a hook started when it times out', async () => {
    const hook = await hookThat('overruns', 'sleep 1000')
    const result = await runPreToolHooks(
      { preTool: [{ command: hook, timeoutMs: 5000 }] },
      preInput(),
      new AbortController().signal,
    )
    expect(result).toMatchObject({
      decision: 'deny',
      reason: `hook failed: preTool[0] ${hook} timed out after 5000 ms`,
    })
    await expectEscapeesGone('overruns')
  })

  it('kills what a hook started when the run is cancelled', async () => {
    const hook = await hookThat('cancelled', 'sleep 1000')
    const controller = new AbortController()
    const reason = new Error('run cancelled')
    const running = runPreToolHooks({ preTool: [{ command: hook }] }, preInput(), controller.signal)
    // Cancelled once the hook's escapees run (they wrote their pids); the bound only guards a hang.
    await vi.waitFor(
      async () => expect(await pidsIn(pidFile('cancelled')).catch(() => [])).toHaveLength(escapeeCount),
      { timeout: 10_000, interval: 20 },
    )
    controller.abort(reason)
    await expect(running).rejects.toBe(reason)
    await expectEscapeesGone('cancelled')
  })
})

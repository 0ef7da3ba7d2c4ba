import { afterEach, describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import type { Store } from '../../store/open-store.js'
import { alive, eventually, faultyServer, memoryStore, run, toolNamed } from './__fixtures__/mcp-fixtures.js'
import { McpClientManager, type McpClientManagerOptions } from './mcp-client-manager.js'

let open: { mcp: McpClientManager; store: Store }[] = []

async function faulty(
  options: Omit<McpClientManagerOptions, 'store'> = {},
): Promise<{ mcp: McpClientManager; id: string }> {
  const store = memoryStore()
  const mcp = new McpClientManager({
    store,
    callTimeoutMs: 300,
    maxMessageBytes: 256 * 1024,
    killGraceMs: 500,
    ...options,
  })
  open.push({ mcp, store })
  const id = mcp.register('Faulty', { kind: 'stdio', command: process.execPath, args: [faultyServer] }).id
  await mcp.discover(id)
  for (const tool of mcp.tools(id)) mcp.setPermission(id, tool.name, 'allow')
  return { mcp, id }
}

function tool(mcp: McpClientManager, name: string) {
  return toolNamed(mcp.catalogSource().tools, name)
}

afterEach(async () => {
  await Promise.all(
    open.map(async ({ mcp, store }) => {
      await mcp.close()
      store.close()
    }),
  )
  open = []
})

describe('a misbehaving stdio server', () => {
  it('hangs: the call ends as outcome unknown at the call timeout', async () => {
    const { mcp } = await faulty()
    // Only the 300 ms call timeout can end it: the 60 s default lies far past the test timeout.
    await expect(run(tool(mcp, 'hang'), {}, testCallContext())).rejects.toMatchObject({
      code: 'tool.outcome_unknown',
      message: 'The tool may have run; check the state before calling it again.',
    })
  })

  it('crashes mid-call: outcome unknown, and the next call reconnects', async () => {
    const { mcp, id } = await faulty()
    const firstPid = await mcp.serverPid(id)
    await expect(run(tool(mcp, 'crash'), {}, testCallContext())).rejects.toMatchObject({ code: 'tool.outcome_unknown' })
    await eventually(() => !alive(firstPid ?? 0))
    expect((await run(tool(mcp, 'ok'), {}, testCallContext())).output.content).toBe('fine')
    const secondPid = await mcp.serverPid(id)
    expect(secondPid).not.toBe(firstPid)
  })

  it.each(['wrong_id', 'garbage'])(
    '%s: the call ends as outcome unknown at the call timeout, and the server stays usable',
    async (name) => {
      const { mcp } = await faulty()
      await expect(run(tool(mcp, name), {}, testCallContext())).rejects.toMatchObject({ code: 'tool.outcome_unknown' })
      expect((await run(tool(mcp, 'ok'), {}, testCallContext())).output.content).toBe('fine')
    },
  )

  it('floods its output: the connection is cut, the outcome unknown, the process killed', async () => {
    const { mcp, id } = await faulty()
    const pid = await mcp.serverPid(id)
    await expect(run(tool(mcp, 'flood'), {}, testCallContext())).rejects.toMatchObject({ code: 'tool.outcome_unknown' })
    await eventually(() => !alive(pid ?? 0))
  })

  it('changes its tool list: the cache follows, the changed tool goes back to Off, the new one starts Off', async () => {
    let changed = 0
    const { mcp, id } = await faulty({ onToolsChanged: () => void changed++ })
    mcp.setPermission(id, 'ok', 'ask')
    expect((await run(tool(mcp, 'change'), {}, testCallContext())).output.content).toBe('changed')
    await eventually(() => changed > 0)
    const cached = new Map(mcp.tools(id).map((t) => [t.name, t.permission]))
    expect(cached.get('added')).toBe('off')
    expect(cached.get('change')).toBe('off')
    expect(cached.get('hang')).toBe('allow')
    expect(cached.get('ok')).toBe('ask')
  })

  it('keeps failing: the registration is paused', async () => {
    const { mcp } = await faulty({ failuresBeforePause: 2, pauseMs: 60_000 })
    await expect(run(tool(mcp, 'hang'), {}, testCallContext())).rejects.toMatchObject({ code: 'tool.outcome_unknown' })
    await expect(run(tool(mcp, 'hang'), {}, testCallContext())).rejects.toMatchObject({ code: 'tool.outcome_unknown' })
    await expect(run(tool(mcp, 'ok'), {}, testCallContext())).rejects.toMatchObject({ code: 'mcp.server_paused' })
  })

  it('leaves no process behind: close kills the server and what it started', async () => {
    const { mcp, id } = await faulty()
    const pid = await mcp.serverPid(id)
    const grandchild = Number((await run(tool(mcp, 'grandchild'), {}, testCallContext())).output.content)
    expect(alive(grandchild)).toBe(true)
    await mcp.close()
    await eventually(() => !alive(pid ?? 0) && !alive(grandchild))
  })
})

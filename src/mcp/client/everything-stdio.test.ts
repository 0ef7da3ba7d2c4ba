import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import { mcpAlias } from '../../snapshot/tool-alias.js'
import type { Store } from '../../store/open-store.js'
import { ToolError } from '../../core/tool-error.js'
import { alive, eventually, memoryStore, run, serverScript, toolNamed } from './__fixtures__/mcp-fixtures.js'
import { McpClientManager } from './mcp-client-manager.js'

describe('server-everything over stdio', () => {
  let store: Store
  let mcp: McpClientManager
  let id: string

  beforeAll(async () => {
    store = memoryStore()
    mcp = new McpClientManager({ store, callTimeoutMs: 1000 })
    id = mcp.register('Everything', {
      kind: 'stdio',
      command: process.execPath,
      args: [serverScript('@modelcontextprotocol/server-everything'), 'stdio'],
    }).id
    await mcp.discover(id)
  })
  afterAll(async () => {
    await mcp.close()
    store.close()
  })

  it('caches discovered tools, all Off, and offers none of them', () => {
    const cached = mcp.tools(id)
    expect(cached.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']),
    )
    expect(cached.every((t) => t.permission === 'off')).toBe(true)
    const { tools, diagnostics } = mcp.catalogSource()
    expect(tools).toEqual([])
    expect(diagnostics.find((d) => d.toolId === `mcp/${id}:echo`)?.code).toBe('mcp.tool_off')
  })

  it('offers an allowed tool with its id, server name and untrusted hints, and calls it', async () => {
    mcp.setPermission(id, 'echo', 'allow')
    mcp.setPermission(id, 'get-sum', 'ask')
    const { tools } = mcp.catalogSource()
    const echo = toolNamed(tools, 'echo')
    expect(echo.id).toBe(`mcp/${id}:echo`)
    expect(echo.source).toBe('mcp')
    expect(mcpAlias(echo.serverName ?? '', echo.nativeName)).toBe('mcp__Everything__echo')
    expect(echo.annotations.readOnly).toBe(false)
    expect(await echo.validate({})).toMatchObject({ ok: false })
    const { output } = await run(echo, { message: 'hello' }, testCallContext())
    expect(output.content).toContain('hello')

    const sum = toolNamed(tools, 'get-sum')
    expect(await sum.checkPermissions?.({ a: 1, b: 2 }, testCallContext())).toMatchObject({ behavior: 'ask' })
    expect((await run(sum, { a: 2, b: 3 }, testCallContext())).output.content).toContain('5')
  })

  it('returns images as bytes', async () => {
    mcp.setPermission(id, 'get-tiny-image', 'allow')
    const { output } = await run(toolNamed(mcp.catalogSource().tools, 'get-tiny-image'), {}, testCallContext())
    expect(output.images?.length).toBe(1)
    const bytes = output.images?.[0]?.bytes ?? new Uint8Array()
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })

  it('lets progress extend a call beyond the call timeout', async () => {
    mcp.setPermission(id, 'trigger-long-running-operation', 'allow')
    const tool = toolNamed(mcp.catalogSource().tools, 'trigger-long-running-operation')
    const { output, progress } = await run(tool, { duration: 2, steps: 8 }, testCallContext())
    expect(output.content).toContain('completed')
    expect(progress.length).toBeGreaterThanOrEqual(7)
  })

  it('cancels a call when the signal aborts', async () => {
    const tool = toolNamed(mcp.catalogSource().tools, 'trigger-long-running-operation')
    const controller = new AbortController()
    const call = tool.call({ duration: 5, steps: 20 }, testCallContext({ signal: controller.signal }))
    if (call instanceof Promise) throw new Error('the call reports no progress')
    // Cancelled once the server reports its first step: the 5 s operation runs there, far from completing.
    expect((await call.next()).done).toBe(false)
    const next = call.next()
    controller.abort(new Error('cancelled by test'))
    await expect(next).rejects.toThrow('cancelled by test')
    // The connection survives a cancelled call.
    expect(
      (await run(toolNamed(mcp.catalogSource().tools, 'echo'), { message: 'again' }, testCallContext())).output.content,
    ).toContain('again')
  })

  it('refuses a tool turned off since the snapshot, and oversized arguments', async () => {
    const echo = toolNamed(mcp.catalogSource().tools, 'echo')
    await expect(run(echo, { message: 'x'.repeat(300 * 1024) }, testCallContext())).rejects.toMatchObject({
      code: 'mcp.arguments_too_large',
    })
    mcp.setPermission(id, 'echo', 'off')
    const error: unknown = await run(echo, { message: 'hi' }, testCallContext()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolError)
    expect(error).toMatchObject({ code: 'mcp.tool_off' })
    expect(await echo.checkPermissions?.({}, testCallContext())).toMatchObject({ behavior: 'deny' })
  })

  it('kills the server on close', async () => {
    const pid = await mcp.serverPid(id)
    expect(pid).toBeTypeOf('number')
    await mcp.close()
    await eventually(() => !alive(pid ?? 0))
  })
})

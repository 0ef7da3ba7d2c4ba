import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordingTools } from '../../../test/adapters/adapter-tools.js'
import { tempDir } from '../../../test/temp-dir.js'
import { createToolHost, type ToolHost } from '../../host/create-tool-host.js'
import { ToolRuntimeError } from '../../execution/run/run-call.js'
import type { ProfileOverrides } from '../../profile/load-profile.js'
import { callHistories } from '../../store/call-history.js'
import { createToolhostAdapter } from './toolhost-adapter.js'
import type { AdapterOptions } from './adapter-options.js'

let host: ToolHost
afterEach(() => host.close())

async function setUp(profile: ProfileOverrides, options: Omit<AdapterOptions, 'host'> = {}) {
  const recording = recordingTools()
  host = await createToolHost({ dataDir: tempDir(), workspaceDir: tempDir(), tools: recording.tools })
  const invocation = await host.createInvocation({ scope: 'session', protocol: 'openai-responses', profile })
  const adapter = createToolhostAdapter(invocation, { host, ...options }, 'test-framework')
  const audit = () => callHistories(host.store().events({ invocationId: invocation.id }))
  return { ...recording, invocation, adapter, audit }
}

const bypass: ProfileOverrides = { permissions: { mode: 'bypass' } }

describe('createToolhostAdapter', () => {
  it('offers the snapshot aliases and runs calls of one macrotask as one turn: reads together, the write after them', async () => {
    const { adapter, log, invocation } = await setUp(bypass)
    expect(adapter.tools.map((tool) => tool.alias)).toEqual(expect.arrayContaining(['note_read', 'note_write']))
    const results = await Promise.all([
      adapter.call({ callId: 'c1', alias: 'note_read', arguments: { id: 'r1', path: 'a.md', together: true } }),
      adapter.call({ callId: 'c2', alias: 'note_read', arguments: '{"id":"r2","path":"a.md","together":true}' }),
      adapter.call({ callId: 'c3', alias: 'note_write', arguments: { id: 'w1', path: 'a.md' } }),
    ])
    expect(results.map(({ result }) => result.content)).toEqual(['read r1', 'read r2', 'wrote w1'])
    expect(log.slice(0, 2).sort()).toEqual(['start r1', 'start r2'])
    expect(log.indexOf('start w1')).toBeGreaterThan(Math.max(log.indexOf('end r1'), log.indexOf('end r2')))
    expect(invocation.round).toBe(1)
  })

  it('gives invalid arguments and unknown names back as results the model can fix', async () => {
    const { adapter } = await setUp(bypass)
    const [invalid, unknown] = await Promise.all([
      adapter.call({ callId: 'c1', alias: 'note_read', arguments: '{"id": 3}' }),
      adapter.call({ callId: 'c2', alias: 'note_nope', arguments: {} }),
    ])
    expect(invalid.result).toMatchObject({ isError: true, errorCode: 'tool.invalid_arguments' })
    expect(unknown.result.isError).toBe(true)
  })

  it('denies by a deny rule, and the tool never runs', async () => {
    const { adapter, log, audit } = await setUp({ permissions: { mode: 'bypass', deny: ['builtin:note.write'] } })
    const { result } = await adapter.call({ callId: 'c1', alias: 'note_write', arguments: { id: 'w1', path: 'a.md' } })
    expect(result.isError).toBe(true)
    expect(log).toEqual([])
    expect(audit()[0]?.phase).toBe('denied')
  })

  it('framework mode: says which calls would ask, passes a framework-approved call as approved by its approver', async () => {
    const { adapter, log, audit } = await setUp(
      { permissions: { ask: ['builtin:note.write'] } },
      { approvals: 'framework' },
    )
    expect(await adapter.needsApproval('note_write', { id: 'w1', path: 'a.md' })).toBe(true)
    expect(await adapter.needsApproval('note_read', { id: 'r1', path: 'a.md' })).toBe(false)
    expect(await adapter.needsApproval('note_write', '{"id": 1}')).toBe(false)
    expect(await adapter.approvalReason('note_write', { id: 'w1', path: 'a.md' })).toContain('builtin:note.write')
    const { result } = await adapter.call({
      callId: 'c1',
      alias: 'note_write',
      arguments: { id: 'w1', path: 'a.md' },
      approvedBy: 'test-framework:alice',
    })
    expect(result.content).toBe('wrote w1')
    expect(log).toContain('start w1')
    const [call] = audit()
    expect(call?.phase).toBe('succeeded')
    expect(call?.decisions.at(-1)).toMatchObject({ behavior: 'allow', approver: 'test-framework:alice' })
    expect(host.approvals.list({ status: 'allowed' })[0]?.approver).toBe('test-framework:alice')
  })

  it('framework mode: a call toolhost asks about that the framework did not approve is denied and never runs', async () => {
    const { adapter, log, audit } = await setUp(
      { permissions: { ask: ['builtin:note.write'] } },
      { approvals: 'framework' },
    )
    const { result } = await adapter.call({ callId: 'c1', alias: 'note_write', arguments: { id: 'w1', path: 'a.md' } })
    expect(result.isError).toBe(true)
    expect(result.content).toContain('none was asked')
    expect(log).toEqual([])
    expect(audit()[0]?.phase).toBe('denied')
  })

  it('invocation mode: a call waits for a durable approval decided in the store, then runs', async () => {
    const { adapter, log, audit } = await setUp({ permissions: { ask: ['builtin:note.write'] } }, { pollMs: 10 })
    expect(await adapter.needsApproval('note_write', { id: 'w1', path: 'a.md' })).toBe(false)
    expect(await adapter.approvalReason('note_write', { id: 'w1', path: 'a.md' })).toBeUndefined()
    const call = adapter.call({ callId: 'c1', alias: 'note_write', arguments: { id: 'w1', path: 'a.md' } })
    await vi.waitFor(() => expect(host.approvals.list({ status: 'pending' })).toHaveLength(1), { timeout: 10_000 })
    expect(log).toEqual([])
    const [request] = host.approvals.list({ status: 'pending' })
    await host.approvals.approve(request?.id ?? '', { approver: 'cli:bob', continueTurn: false })
    expect((await call).result.content).toBe('wrote w1')
    expect(audit()[0]?.decisions.at(-1)).toMatchObject({ behavior: 'allow', approver: 'cli:bob' })
  })

  it('invocation mode: the invocation approver answers during the call', async () => {
    const recording = recordingTools()
    host = await createToolHost({ dataDir: tempDir(), workspaceDir: tempDir(), tools: recording.tools })
    const invocation = await host.createInvocation({
      scope: 'session',
      protocol: 'openai-responses',
      profile: { permissions: { ask: ['builtin:note.write'] } },
      approver: async () => ({ behavior: 'deny', message: 'not today', approver: 'callback:carol' }),
    })
    const adapter = createToolhostAdapter(invocation, { host }, 'test-framework')
    const { result } = await adapter.call({ callId: 'c1', alias: 'note_write', arguments: { id: 'w1', path: 'a.md' } })
    expect(result.isError).toBe(true)
    expect(result.content).toContain('not today')
    expect(recording.log).toEqual([])
  })

  it('externalizes a long result and reads result images', async () => {
    const { adapter, invocation } = await setUp(bypass)
    const [long, picture] = await Promise.all([
      adapter.call({ callId: 'c1', alias: 'note_long', arguments: { lines: 20_000 } }),
      adapter.call({ callId: 'c2', alias: 'note_picture', arguments: {} }),
    ])
    const path = long.result.resourceRefs[0]
    expect(path).toBeDefined()
    expect(long.result.content.length).toBeLessThan(20_000)
    expect(long.result.content).toContain('line 1 of a long note')
    expect(picture.images).toHaveLength(1)
    expect(picture.images[0]?.mimeType).toBe('image/png')
    expect(existsSync(join(host.store().runDir(invocation.runId), picture.images[0]?.path ?? 'missing'))).toBe(true)
  })

  it("rejects only the caller of a tool's runtime failure; the others get their results", async () => {
    const { adapter } = await setUp(bypass)
    const [crash, read] = await Promise.allSettled([
      adapter.call({ callId: 'c1', alias: 'note_crash', arguments: {} }),
      adapter.call({ callId: 'c2', alias: 'note_long', arguments: { lines: 1 } }),
    ])
    expect(crash.status === 'rejected' && crash.reason instanceof ToolRuntimeError).toBe(true)
    expect(read.status === 'fulfilled' && read.value.result.content).toBe('line 1 of a long note')
  })
})

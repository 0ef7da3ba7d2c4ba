import { describe, expect, it } from 'vitest'
import { useStores } from './__fixtures__/test-store.js'
import type { NewApproval } from './approvals.js'
import { openStore } from './open-store.js'

const stores = useStores()

function request(callId: string, extra: Partial<NewApproval> = {}): NewApproval {
  return {
    runId: 'run_a',
    invocationId: 'inv_a',
    callId,
    toolId: 'builtin:workspace.shell',
    alias: 'workspace_shell',
    input: { command: 'git push' },
    reason: 'Not allowed by any rule.',
    alwaysRule: 'builtin:workspace.shell(git push)',
    ...extra,
  }
}

describe('durable approvals', () => {
  it('creates a pending request with an apr_ id and finds it by id, call and status', async () => {
    const { store } = await stores.withInvocation({ now: () => 7 })
    const created = store.approvals.create(request('c1', { rule: 'builtin:workspace.shell(git *)' }))
    expect(created).toEqual({
      id: expect.stringMatching(/^apr_[0-9a-f]{20}$/),
      runId: 'run_a',
      invocationId: 'inv_a',
      callId: 'c1',
      toolId: 'builtin:workspace.shell',
      alias: 'workspace_shell',
      input: { command: 'git push' },
      title: null,
      reason: 'Not allowed by any rule.',
      rule: 'builtin:workspace.shell(git *)',
      alwaysRule: 'builtin:workspace.shell(git push)',
      status: 'pending',
      decision: null,
      message: null,
      approver: null,
      createdAt: 7,
      decidedAt: null,
    })
    expect(store.approvals.get(created.id)).toEqual(created)
    expect(store.approvals.forCall('inv_a', 'c1')).toEqual(created)
    expect(store.approvals.forCall('inv_a', 'c2')).toBeUndefined()
    expect(store.approvals.list({ status: 'pending' })).toEqual([created])
    expect(store.approvals.list({ runId: 'run_other' })).toEqual([])
    const titled = store.approvals.create(request('c3', { title: 'Run git push' }))
    expect(store.approvals.get(titled.id)?.title).toBe('Run git push')
  })

  it('allows once or always, or denies with a message for the model', async () => {
    let clock = 1_000
    const { store } = await stores.withInvocation({ now: () => clock })
    const [once, always, denied] = ['c1', 'c2', 'c3'].map((callId) => store.approvals.create(request(callId)).id) as [
      string,
      string,
      string,
    ]
    clock = 2_000
    expect(store.approvals.resolve(once, { behavior: 'allow', approver: 'terminal' })).toMatchObject({
      status: 'allowed',
      decision: 'once',
      approver: 'terminal',
      decidedAt: 2_000,
    })
    expect(store.approvals.resolve(always, { behavior: 'allow', scope: 'always', approver: 'web:ada' })).toMatchObject({
      status: 'allowed',
      decision: 'always',
    })
    expect(
      store.approvals.resolve(denied, { behavior: 'deny', message: 'Use git status first.', approver: 'chat:bob' }),
    ).toMatchObject({
      status: 'denied',
      decision: null,
      message: 'Use git status first.',
      approver: 'chat:bob',
    })
    expect(store.approvals.list({ status: 'pending' })).toEqual([])
    expect(
      store.approvals
        .list({ status: 'allowed' })
        .map((a) => a.id)
        .sort(),
    ).toEqual([once, always].sort())
    expect(store.approvals.list({ runId: 'run_a', limit: 2 })).toHaveLength(2)
  })

  it('decides a request only once, and says who decided it first', async () => {
    const { store } = await stores.withInvocation({ now: () => Date.UTC(2030, 0, 2) })
    const id = store.approvals.create(request('c1')).id
    store.approvals.resolve(id, { behavior: 'deny', approver: 'alice' })
    expect(() => store.approvals.resolve(id, { behavior: 'allow', approver: 'bob' })).toThrow(
      expect.objectContaining({
        code: 'store.conflict',
        message: `cannot allow approval ${id}: it was already denied by alice at 2030-01-02T00:00:00.000Z; a request is decided only once`,
      }),
    )
    expect(() => store.approvals.expire(id)).toThrow(expect.objectContaining({ code: 'store.conflict' }))
    expect(store.approvals.get(id)).toMatchObject({ status: 'denied', approver: 'alice' })
    expect(() => store.approvals.resolve('apr_missing', { behavior: 'allow', approver: 'x' })).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
  })

  it('lets exactly one of two connections decide the same request', async () => {
    const { store } = await stores.withInvocation()
    const other = openStore(store.dataDir)
    stores.temp.onCleanup(() => other.close())
    const id = store.approvals.create(request('c1')).id
    expect(other.approvals.get(id)?.status).toBe('pending')
    other.approvals.resolve(id, { behavior: 'allow', approver: 'daemon' })
    expect(() => store.approvals.resolve(id, { behavior: 'deny', approver: 'console' })).toThrow(
      /already allowed by daemon/,
    )
  })

  it('expires a pending request', async () => {
    const { store } = await stores.withInvocation({ now: () => 5 })
    const id = store.approvals.create(request('c1')).id
    expect(store.approvals.expire(id)).toMatchObject({
      status: 'expired',
      decision: null,
      approver: null,
      decidedAt: 5,
    })
    expect(() => store.approvals.resolve(id, { behavior: 'allow', approver: 'late' })).toThrow(/already expired/)
  })

  it('keeps one request per call, tied to an invocation of its run', async () => {
    const { store } = await stores.withInvocation()
    store.approvals.create(request('c1'))
    expect(() => store.approvals.create(request('c1'))).toThrow(expect.objectContaining({ code: 'store.conflict' }))
    expect(() => store.approvals.create(request('c2', { invocationId: 'inv_none' }))).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
    store.createRun({ id: 'run_b', scope: 'session', profileId: 'p' })
    expect(() => store.approvals.create(request('c3', { runId: 'run_b' }))).toThrow(
      expect.objectContaining({ code: 'store.not_found' }),
    )
    expect(() => store.approvals.create(request('c4', { id: '../apr' }))).toThrow(
      expect.objectContaining({ code: 'store.invalid_value' }),
    )
    expect(store.approvals.create(request('c5', { id: 'apr_given' })).id).toBe('apr_given')
  })
})

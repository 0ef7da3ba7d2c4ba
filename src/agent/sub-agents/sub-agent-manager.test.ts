import { afterEach, describe, expect, it, vi } from 'vitest'
import { ToolError } from '../../core/tool-error.js'
import type { AgentCard, DelegatedTask, TaskReturn } from '../../tool/run-services.js'
import { SubAgentManager, type StartChildRequest, type SubAgentManagerOptions } from './sub-agent-manager.js'

interface Deferred<T> {
  readonly promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

function deferred<T>(): Deferred<T> {
  return Promise.withResolvers<T>()
}

const cards: AgentCard[] = [
  { id: 'researcher', description: 'Finds sources.' },
  { id: 'writer', description: 'Writes drafts.' },
]
const task: DelegatedTask = { objective: 'Find three sources about tides.' }
const done = (summary: string): TaskReturn => ({ summary, status: 'completed', artifacts: [] })

/** A manager whose children are deferred promises the test settles by child id. */
function setup(options: Partial<SubAgentManagerOptions> = {}) {
  const children = new Map<string, { request: StartChildRequest; result: Deferred<TaskReturn> }>()
  const handoffs: Array<[string, string]> = []
  let next = 0
  const manager = new SubAgentManager({
    agents: () => cards,
    startChild: (request) => {
      const result = deferred<TaskReturn>()
      children.set(request.childId, { request, result })
      return result.promise
    },
    onHandoff: (agentId, message) => handoffs.push([agentId, message]),
    newId: () => `c${++next}`,
    ...options,
  })
  const child = (id: string) => {
    const found = children.get(id)
    if (found === undefined) throw new Error(`no child ${id}`)
    return found
  }
  const start = async (agentId = 'researcher') => (await manager.delegate({ agentId, task, callId: 'call-1' })).childId
  const wait = (mode: 'one' | 'all', childIds?: string[], timeoutMs = 60_000, signal = new AbortController().signal) =>
    manager.await({ mode, timeoutMs, signal, ...(childIds !== undefined && { childIds }) })
  return { manager, child, start, wait, handoffs }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('SubAgentManager.delegate', () => {
  it('starts a child in the background with its task and returns its id', async () => {
    const { start, child, manager } = setup()
    const id = await start('writer')
    expect(id).toBe('c1')
    expect(child(id).request).toMatchObject({ childId: 'c1', agentId: 'writer', task })
    expect(child(id).request.signal.aborted).toBe(false)
    expect(manager.outcomes()).toEqual([{ childId: 'c1', agentId: 'writer', state: 'running' }])
  })

  it('refuses an unknown agent, listing the valid ids', async () => {
    const { manager } = setup()
    const error = await manager.delegate({ agentId: 'reviewer', task, callId: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolError)
    expect(error).toMatchObject({ code: 'agent.unknown_agent' })
    expect((error as Error).message).toContain('"reviewer"')
    expect((error as Error).message).toContain('"researcher", "writer"')
  })

  it('says so when there is no agent at all', async () => {
    const { manager } = setup({ agents: () => [] })
    await expect(manager.delegate({ agentId: 'writer', task, callId: 'x' })).rejects.toMatchObject({
      code: 'agent.unknown_agent',
      message: expect.stringContaining('may not delegate'),
    })
  })

  it('runs at most 3 children at once and tells the model to await first', async () => {
    const { start, child, wait } = setup()
    await start()
    await start()
    await start()
    const error = await start().catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'agent.limit_reached' })
    expect((error as Error).message).toContain('3 children are running')
    expect((error as Error).message).toContain('agent_await')
    child('c2').result.resolve(done('two'))
    await wait('one')
    await expect(start()).resolves.toBe('c4')
  })

  it('starts at most 8 children per run', async () => {
    const { start, child } = setup()
    for (let i = 1; i <= 8; i++) {
      await start()
      child(`c${i}`).result.resolve(done(String(i)))
      await child(`c${i}`).result.promise
    }
    await expect(start()).rejects.toMatchObject({
      code: 'agent.limit_reached',
      message: expect.stringContaining('started 8 children'),
    })
  })

  it('counts the children earlier agents of the run started', async () => {
    const { start } = setup({ startedBefore: 7 })
    await start()
    await expect(start()).rejects.toMatchObject({
      code: 'agent.limit_reached',
      message: expect.stringContaining('started 8 children'),
    })
  })

  it('honours custom limits', async () => {
    const { start } = setup({ limits: { concurrent: 1 } })
    await start()
    await expect(start()).rejects.toMatchObject({ code: 'agent.limit_reached' })
  })

  it('keeps a rejected or throwing child as failed, never as an unhandled rejection', async () => {
    const { start, child, wait } = setup()
    const id = await start()
    child(id).result.reject(new Error('model unavailable'))
    expect(await wait('all')).toEqual([
      { childId: id, agentId: 'researcher', state: 'failed', error: 'model unavailable' },
    ])

    const throwing = new SubAgentManager({
      agents: () => cards,
      startChild: () => {
        throw new Error('no provider')
      },
      onHandoff: () => {},
    })
    const { childId } = await throwing.delegate({ agentId: 'writer', task, callId: 'x' })
    expect(childId).toMatch(/^child-[0-9a-f]{8}$/)
    const [outcome] = await throwing.await({ mode: 'all', timeoutMs: 60_000, signal: new AbortController().signal })
    expect(outcome).toMatchObject({ state: 'failed', error: 'no provider' })
  })
})

describe('SubAgentManager.await', () => {
  it('mode one resolves when the first pending child ends and reports the others as running', async () => {
    const { start, child, wait } = setup()
    await start()
    await start('writer')
    const waiting = wait('one')
    child('c2').result.resolve(done('draft ready'))
    const outcomes = await waiting
    expect(outcomes).toEqual([
      { childId: 'c1', agentId: 'researcher', state: 'running' },
      { childId: 'c2', agentId: 'writer', state: 'returned', result: done('draft ready') },
    ])
  })

  it('mode one returns at once for an ended child not yet collected, then waits for the next', async () => {
    const { start, child, wait } = setup()
    await start()
    await start()
    child('c1').result.resolve(done('one'))
    await child('c1').result.promise
    expect((await wait('one')).map((o) => o.state)).toEqual(['returned', 'running'])
    // c1 is collected now: the next wait is for c2.
    const next = wait('one')
    child('c2').result.resolve(done('two'))
    expect((await next).map((o) => o.state)).toEqual(['returned', 'returned'])
    // Everything ended and was collected: it returns at once instead of hanging.
    expect((await wait('one')).map((o) => o.state)).toEqual(['returned', 'returned'])
  })

  it('mode all waits for every selected child', async () => {
    const { start, child, wait } = setup()
    await start()
    await start()
    await start()
    let resolved = false
    const waiting = wait('all', ['c1', 'c3']).then((outcomes) => {
      resolved = true
      return outcomes
    })
    child('c1').result.resolve(done('one'))
    await child('c1').result.promise
    await Promise.resolve()
    expect(resolved).toBe(false)
    child('c3').result.reject(new Error('boom'))
    const outcomes = await waiting
    expect(outcomes.map((o) => [o.childId, o.state])).toEqual([
      ['c1', 'returned'],
      ['c3', 'failed'],
    ])
  })

  it('returns the states, running included, when the timeout passes', async () => {
    vi.useFakeTimers()
    const { start, child, wait } = setup()
    await start()
    await start()
    child('c1').result.resolve(done('one'))
    const waiting = wait('all', undefined, 5_000)
    await vi.advanceTimersByTimeAsync(5_000)
    expect((await waiting).map((o) => o.state)).toEqual(['returned', 'running'])
  })

  it('rejects with the signal reason when the wait is aborted; the children keep running', async () => {
    const { start, wait, manager } = setup()
    await start()
    const controller = new AbortController()
    const waiting = wait('all', undefined, 60_000, controller.signal)
    controller.abort(new Error('run cancelled'))
    await expect(waiting).rejects.toThrow('run cancelled')
    expect(manager.outcomes()[0]?.state).toBe('running')
  })

  it('refuses unknown child ids and waiting with no child started', async () => {
    const { start, wait } = setup()
    await expect(wait('all')).rejects.toMatchObject({
      code: 'agent.unknown_child',
      message: expect.stringContaining('agent_delegate'),
    })
    await start()
    const error = await wait('one', ['c1', 'c9']).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'agent.unknown_child' })
    expect((error as Error).message).toContain('"c9"')
    expect((error as Error).message).toContain('"c1"')
  })
})

describe('SubAgentManager.handoff', () => {
  it('validates the target, then calls onHandoff once', async () => {
    const { manager, handoffs } = setup()
    await expect(manager.handoff({ agentId: 'nobody', message: 'hi' })).rejects.toMatchObject({
      code: 'agent.unknown_agent',
    })
    await manager.handoff({ agentId: 'writer', message: 'Please finish the draft.' })
    expect(handoffs).toEqual([['writer', 'Please finish the draft.']])
    expect(manager.handedOffTo).toBe('writer')
    await expect(manager.handoff({ agentId: 'researcher', message: 'again' })).rejects.toMatchObject({
      code: 'agent.handoff_pending',
    })
    expect(handoffs).toHaveLength(1)
  })

  it('refuses a handoff past the depth limit', async () => {
    const { manager, handoffs } = setup({ handoffDepth: 8 })
    await expect(manager.handoff({ agentId: 'writer', message: 'm' })).rejects.toMatchObject({
      code: 'agent.handoff_depth',
    })
    expect(handoffs).toEqual([])
    const { manager: shallow } = setup({ handoffDepth: 7 })
    await expect(shallow.handoff({ agentId: 'writer', message: 'm' })).resolves.toBeUndefined()
  })
})

describe('SubAgentManager.cancelAll', () => {
  it('aborts every running child, waits for them to settle and refuses new children', async () => {
    const startChild = async (request: StartChildRequest): Promise<TaskReturn> =>
      new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () => setImmediate(() => reject(new Error('aborted'))), { once: true })
      })
    const manager = new SubAgentManager({ agents: () => cards, startChild, onHandoff: () => {} })
    await manager.delegate({ agentId: 'writer', task, callId: 'a' })
    await manager.delegate({ agentId: 'researcher', task, callId: 'b' })
    await manager.cancelAll('the user stopped the run')
    expect(manager.outcomes().map((o) => [o.state, o.error])).toEqual([
      ['cancelled', 'cancelled: the user stopped the run'],
      ['cancelled', 'cancelled: the user stopped the run'],
    ])
    await expect(manager.delegate({ agentId: 'writer', task, callId: 'c' })).rejects.toMatchObject({
      code: 'agent.not_available',
    })
  })

  it('keeps the results of children that had already returned, and follows the run signal', async () => {
    const { start, child, manager } = setup()
    await start()
    child('c1').result.resolve(done('one'))
    await child('c1').result.promise
    await manager.cancelAll('stop')
    expect(manager.outcomes()[0]?.state).toBe('returned')

    const run = new AbortController()
    const linked = setup({ signal: run.signal })
    await linked.start()
    const signal = linked.child('c1').request.signal
    run.abort(new Error('run cancelled'))
    expect(signal.aborted).toBe(true)
    linked.child('c1').result.reject(signal.reason)
    await linked.manager.cancelAll('again')
    expect(linked.manager.outcomes()[0]).toMatchObject({ state: 'cancelled', error: 'cancelled: run cancelled' })
  })
})

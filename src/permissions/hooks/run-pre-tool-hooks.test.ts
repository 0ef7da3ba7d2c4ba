import { afterEach, describe, expect, it, vi } from 'vitest'
import { preInput } from './__fixtures__/scripts.js'
import type { HookConfig, PreToolHookInput } from './hook-types.js'
import { runPreToolHooks } from './run-pre-tool-hooks.js'

const live = new AbortController().signal
afterEach(() => void vi.useRealTimers())

describe('runPreToolHooks with function hooks', () => {
  it('has no opinion without hooks or when hooks return nothing', async () => {
    expect(await runPreToolHooks({}, preInput(), live)).toEqual({ decision: 'none' })
    expect(await runPreToolHooks({ preTool: [() => undefined, () => ({})] }, preInput(), live)).toEqual({
      decision: 'none',
    })
  })

  it('lets a deny win and stops at it', async () => {
    const seen: string[] = []
    const config: HookConfig = {
      preTool: [
        () => {
          seen.push('first')
          return { decision: 'allow' }
        },
        function guard() {
          seen.push('guard')
          return { decision: 'deny', reason: 'no shell today' }
        },
        () => void seen.push('never'),
      ],
    }
    expect(await runPreToolHooks(config, preInput(), live)).toEqual({
      decision: 'deny',
      reason: 'no shell today',
      hook: 'preTool[1] function guard',
    })
    expect(seen).toEqual(['first', 'guard'])
  })

  it('prefers ask over allow and reports the first hook that asked', async () => {
    const config: HookConfig = {
      preTool: [
        () => ({ decision: 'allow', reason: 'fine' }),
        () => ({ decision: 'ask', reason: 'check this' }),
        () => ({ decision: 'ask', reason: 'me too' }),
        () => ({ decision: 'allow' }),
      ],
    }
    expect(await runPreToolHooks(config, preInput(), live)).toEqual({
      decision: 'ask',
      reason: 'check this',
      hook: 'preTool[1] function',
    })
  })

  it('reports the first allow when nobody asks or denies', async () => {
    const config: HookConfig = {
      preTool: [
        () => undefined,
        () => ({ decision: 'allow', reason: 'known safe' }),
        () => ({ decision: 'allow', reason: 'later' }),
      ],
    }
    expect(await runPreToolHooks(config, preInput(), live)).toEqual({
      decision: 'allow',
      reason: 'known safe',
      hook: 'preTool[1] function',
    })
  })

  it('feeds each updated input to the next hook and returns the last one', async () => {
    const seen: Record<string, unknown>[] = []
    const config: HookConfig = {
      preTool: [
        (input) => ({ updatedInput: { ...input.input, command: 'ls -la' } }),
        async (input: PreToolHookInput) => {
          seen.push(input.input)
          return { updatedInput: { ...input.input, timeout: 5 } }
        },
      ],
    }
    expect(await runPreToolHooks(config, preInput(), live)).toEqual({
      decision: 'none',
      updatedInput: { command: 'ls -la', timeout: 5 },
    })
    expect(seen).toEqual([{ command: 'ls -la' }])
  })

  it('denies when a hook throws or answers with a malformed outcome', async () => {
    const thrown = await runPreToolHooks({ preTool: [() => Promise.reject(new Error('db down'))] }, preInput(), live)
    expect(thrown).toEqual({
      decision: 'deny',
      reason: 'hook failed: preTool[0] function threw: db down',
      hook: 'preTool[0] function',
    })
    const malformed = await runPreToolHooks(
      { preTool: [() => JSON.parse('{"decison":"deny"}') as object] },
      preInput(),
      live,
    )
    expect(malformed.decision).toBe('deny')
    expect(malformed.reason).toContain('unknown field "decison"')
    const badDecision = await runPreToolHooks(
      { preTool: [() => JSON.parse('{"decision":"maybe"}') as object] },
      preInput(),
      live,
    )
    expect(badDecision.reason).toContain('invalid "decision"')
  })

  it('denies when a function hook overruns 10 s, aborting its signal', async () => {
    vi.useFakeTimers()
    let hookSignal: AbortSignal | undefined
    const running = runPreToolHooks(
      { preTool: [(_input, { signal }) => ((hookSignal = signal), new Promise<void>(() => undefined))] },
      preInput(),
      live,
    )
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await running).toMatchObject({
      decision: 'deny',
      reason: 'hook failed: preTool[0] function timed out after 10000 ms',
    })
    expect(hookSignal?.reason).toMatchObject({ name: 'TimeoutError' })
  })

  it('skips command hooks whose match does not cover the tool', async () => {
    const config: HookConfig = { preTool: [{ command: '/nonexistent/hook', match: 'mcp:*' }] }
    expect(await runPreToolHooks(config, preInput(), live)).toEqual({ decision: 'none' })
  })

  it('rejects with the reason when the run is cancelled', async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    const config: HookConfig = {
      preTool: [
        (_input, { signal }) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => resolve({ decision: 'allow' }))
            controller.abort(reason)
          }),
      ],
    }
    await expect(runPreToolHooks(config, preInput(), controller.signal)).rejects.toBe(reason)
    await expect(runPreToolHooks({ preTool: [() => undefined] }, preInput(), controller.signal)).rejects.toBe(reason)
  })
})

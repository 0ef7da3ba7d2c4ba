import { describe, expect, it } from 'vitest'
import type { AgentEvent } from '../agent/loop/agent-events.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import { ActivityIndicator } from './activity-indicator.js'
import type { CliIo } from './cli-io.js'
import { activityTracker, progressText, resultLine, runPrinter } from './run-printer.js'

const result = (fields: Partial<AgentToolResult>): AgentToolResult =>
  ({ callId: 'c1', toolId: 'builtin:dice.roll', isError: false, content: 'ok', ...fields }) as AgentToolResult

function capture() {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = {
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    write: (t) => out.push(t),
    readStdin: async () => '',
  }
  return { io, out, err }
}

describe('run printer', () => {
  it('separates an error code from its message', () => {
    expect(
      resultLine(
        result({
          isError: true,
          errorCode: 'tool.invalid_arguments',
          content: 'Invalid arguments for dice_roll\nmore',
        }),
      ),
    ).toBe('✗ tool.invalid_arguments: Invalid arguments for dice_roll')
    expect(resultLine(result({ isError: true, content: 'failed' }))).toBe('✗ failed')
    expect(resultLine(result({ content: '2d1 = 2' }))).toBe('✓ 2d1 = 2')
  })

  it('prints the published reply to stdout in chat scope, and the text beside it to stderr by lines', () => {
    const { io, out, err } = capture()
    const printer = runPrinter(io, { json: false, scope: 'chat' })
    printer.onEvent({ type: 'text-delta', agentId: 'main', delta: 'Let me ' })
    printer.onEvent({ type: 'text-delta', agentId: 'main', delta: 'look.\nStill' })
    printer.onEvent({ type: 'reply', agentId: 'main', text: 'Sunny.', path: 'output/main.md' })
    printer.endLine()
    expect(out).toEqual(['Sunny.'])
    expect(err).toEqual(['Let me look.', 'Still', 'reply published (output/main.md)'])
  })

  it('streams the text to stdout in session scope, without a line for an empty delta', () => {
    const { io, out } = capture()
    const printer = runPrinter(io, { json: false, scope: 'session' })
    printer.onEvent({ type: 'text-delta', agentId: 'main', delta: '' })
    printer.onEvent({
      type: 'tool-call',
      agentId: 'main',
      toolId: null,
      call: { callId: 'c1', name: 'dice_roll', rawArguments: '{}' },
    })
    printer.onEvent({ type: 'text-delta', agentId: 'main', delta: 'Done' })
    printer.endLine()
    expect(out).toEqual(['Done', ''])
  })

  it('shows at a terminal what the run waits for, and nothing while its text streams', () => {
    const { io } = capture()
    const drawn: string[] = []
    const activity = new ActivityIndicator(
      { isTTY: true, write: (t) => drawn.push(t) },
      { now: () => 0, intervalMs: 0 },
    )
    const printer = runPrinter(io, { json: false, scope: 'session', activity })
    // What the line says, after the escape that clears it and the spinner's frame.
    const shown = () => drawn.at(-1)?.slice('\r\x1b[K'.length + 2) ?? ''
    printer.onEvent({ type: 'run-started', runId: 'run_1', model: 'ollama:x', resumed: false })
    expect(shown()).toBe('waiting for the model 0s')
    printer.onEvent({
      type: 'tool-call',
      agentId: 'main',
      toolId: null,
      call: { callId: 'c1', name: 'dice_roll', rawArguments: '{}' },
    })
    expect(shown()).toBe('running dice_roll 0s')
    printer.onEvent({ type: 'tool-result', agentId: 'main', result: result({}) })
    expect(shown()).toBe('waiting for the model 0s')
    printer.onEvent({ type: 'text-delta', agentId: 'main', delta: 'Hello' })
    expect(drawn.at(-1)).toBe('\r\x1b[K')
    printer.onEvent({ type: 'run-finished', runId: 'run_1', status: 'completed', reason: 'answered' })
    expect(drawn.at(-1)).toBe('\r\x1b[K')
  })
})

const progress = (
  callId: string,
  message: string,
  fields: Partial<Extract<AgentEvent, { type: 'tool-progress' }>> = {},
): AgentEvent => ({
  type: 'tool-progress',
  agentId: 'main',
  callId,
  toolId: 'builtin:test.progress',
  alias: 'test_progress',
  message,
  elapsedMs: 0,
  ...fields,
})

describe('tool progress', () => {
  it("shows at a terminal what the running tool says, timed from the tool's call", () => {
    const { io, out, err } = capture()
    const drawn: string[] = []
    let now = 100_000
    const activity = new ActivityIndicator(
      { isTTY: true, write: (t) => drawn.push(t) },
      { now: () => now, intervalMs: 0 },
    )
    const printer = runPrinter(io, { json: false, scope: 'session', activity })
    const shown = () => drawn.at(-1)?.slice('\r\x1b[K'.length + 2) ?? ''
    printer.onEvent({
      type: 'tool-call',
      agentId: 'main',
      toolId: null,
      call: { callId: 'c1', name: 'test_progress', rawArguments: '{}' },
    })
    printer.onEvent(progress('c1', 'step 1', { progress: 1, total: 3, elapsedMs: 12_000 }))
    expect(shown()).toBe('test_progress: step 1 (1/3) 12s')
    now += 2_000
    activity.draw()
    expect(shown()).toBe('test_progress: step 1 (1/3) 14s')
    printer.onEvent(progress('c1', 'step 2 of 3', { progress: 2, total: 3, elapsedMs: 15_000 }))
    expect(shown()).toBe('test_progress: step 2 of 3 (2/3) 15s')
    printer.onEvent({ type: 'tool-result', agentId: 'main', result: result({ callId: 'c1' }) })
    expect(shown()).toBe('waiting for the model 0s')
    // Progress is status, not output: nothing of it is printed.
    expect(out).toEqual([])
    expect(err.join('\n')).not.toContain('step')
  })

  it('prints one JSON line per progress event with --json', () => {
    const { io, out } = capture()
    const printer = runPrinter(io, { json: true, scope: 'session' })
    const event = progress('c1', 'step 1', { progress: 1, total: 3, elapsedMs: 5 })
    printer.onEvent(event)
    expect(out.map((line) => JSON.parse(line) as unknown)).toEqual([event])
  })

  it('keeps what a tool says to one printable line', () => {
    expect(progressText({ message: 'a\x1b[2Jb\nc\u202ed' })).toBe('a [2Jb c d')
    expect(progressText({ message: 'Progress 2/5', progress: 2, total: 5 })).toBe('Progress 2/5')
    expect(progressText({ message: '', progress: 4 })).toBe('4')
    expect(progressText({ message: 'x'.repeat(300) })).toBe(`${'x'.repeat(99)}…`)
  })
})

describe('activityTracker', () => {
  it('says which of parallel tools last reported progress, while it runs', () => {
    const track = activityTracker()
    const call = (callId: string, name: string): AgentEvent => ({
      type: 'tool-call',
      agentId: 'main',
      toolId: null,
      call: { callId, name, rawArguments: '{}' },
    })
    track(call('a', 'test_progress'))
    track(call('b', 'web_fetch'))
    expect(track(progress('a', 'step 1'))).toBe('running 2 tools · test_progress: step 1')
    expect(track({ type: 'tool-result', agentId: 'main', result: result({ callId: 'b' }) })).toBe(
      'test_progress: step 1',
    )
    expect(track({ type: 'tool-result', agentId: 'main', result: result({ callId: 'a' }) })).toBe(
      'waiting for the model',
    )
  })

  it('counts parallel tool calls', () => {
    const track = activityTracker()
    const call = (callId: string, name: string): AgentEvent => ({
      type: 'tool-call',
      agentId: 'main',
      toolId: null,
      call: { callId, name, rawArguments: '{}' },
    })
    expect(track(call('a', 'dice_roll'))).toBe('running dice_roll')
    expect(track(call('b', 'web_fetch'))).toBe('running 2 tools')
    expect(track({ type: 'tool-result', agentId: 'main', result: result({ callId: 'a' }) })).toBe('running web_fetch')
    expect(track({ type: 'tool-result', agentId: 'main', result: result({ callId: 'b' }) })).toBe(
      'waiting for the model',
    )
    expect(track({ type: 'paused', invocationId: 'inv_1', approvalIds: [] })).toBeUndefined()
  })
})

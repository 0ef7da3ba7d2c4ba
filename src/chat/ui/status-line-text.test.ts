import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { initialChatState, type ChatState } from '../state/chat-state.js'
import { statusLine } from './status-line-text.js'

const start = initialChatState({ model: 'openai:gpt-4.1', mode: 'default' })
const plain = { width: 200, color: false }

function withStatus(status: Partial<ChatState['status']>, more: Partial<ChatState> = {}): ChatState {
  return { ...start, ...more, status: { ...start.status, ...status } }
}

const busy = withStatus(
  {
    activity: 'approval',
    busySince: 1_000,
    mode: 'bypass',
    inputTokens: 1204,
    outputTokens: 96,
    contextUsed: 1204,
    contextTokens: 128_000,
    rounds: 2,
    backgroundCommands: 3,
  },
  {
    approvals: [
      {
        request: {
          id: 'apr_1',
          runId: 'run_1',
          invocationId: 'inv_1',
          callId: 'c1',
          toolId: 'builtin:workspace.write_file',
          alias: 'workspace_write_file',
          input: {},
          inputText: '{}',
          reason: 'writes',
          alwaysRule: 'r',
        },
      },
    ],
  },
)

describe('statusLine', () => {
  it('says the chat is ready, with the model and mode, and leaves zero figures out', () => {
    expect(statusLine(start, 5_000, plain)).toBe('ready · openai:gpt-4.1 · default')
  })

  it('shows what the chat does for how long, what waits, tokens, context share and turns', () => {
    expect(statusLine(busy, 13_500, plain)).toBe(
      'waiting for your answer 12 s · 1 to approve · 3 in background · openai:gpt-4.1 · bypass · ↑1,204 ↓96 · ctx 1% · 2 turns',
    )
  })

  it('names each activity, and one turn in the singular', () => {
    const line = (activity: ChatState['status']['activity']) =>
      statusLine(withStatus({ activity, busySince: 0, rounds: 1 }), 400, plain)
    expect(line('model')).toBe('waiting for the model 0.4 s · openai:gpt-4.1 · default · 1 turn')
    expect(line('thinking')).toMatch(/^the model is thinking 0\.4 s · /)
    expect(line('tools')).toMatch(/^running tools 0\.4 s · /)
    expect(line('idle')).toMatch(/^ready · /)
  })

  it('leaves the context share out without a window', () => {
    expect(statusLine(withStatus({ contextUsed: 10, contextTokens: 0 }), 0, plain)).not.toContain('ctx')
  })

  it('colours with SGR codes only when asked', () => {
    expect(statusLine(busy, 2_000, { width: 200, color: true })).toContain('\u001b[33m')
    expect(statusLine(busy, 2_000, plain)).not.toContain('\u001b')
  })

  it('never goes past the width, the approvals kept in front', () => {
    for (const width of [40, 80])
      for (const color of [false, true]) {
        const line = statusLine(busy, 2_000, { width, color })
        expect(stringWidth(line)).toBeLessThanOrEqual(width)
        expect(line).toContain('1 to ap')
      }
    expect(statusLine(busy, 2_000, { width: 40, color: false })).toBe('waiting for your answer 1.0 s · 1 to ap…')
  })
})

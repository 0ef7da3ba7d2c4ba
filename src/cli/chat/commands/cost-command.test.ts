import { describe, expect, it } from 'vitest'
import { chatHarness } from './__fixtures__/chat-harness.js'

describe('/cost', () => {
  it('adds up the tokens per message, with totals and the context used', async () => {
    const chat = await chatHarness(
      [
        { calls: [{ id: 'c1', name: 'calculator_evaluate', args: '{"expression":"6*7"}' }] },
        { text: 'It is 42.' },
        { text: 'Doubled, 84.' },
      ],
      { mode: 'bypass' },
    )
    await chat.send('What is 6*7?')
    await chat.send('Double it.')
    const usage = chat.state().usage
    expect(usage).toHaveLength(3)
    await chat.slash('/cost')
    const lines = chat.last().split('\n')
    expect(lines[0]).toMatch(/^MESSAGE\s+TURNS\s+INPUT\s+OUTPUT$/)
    const sum = (from: number, to: number) => usage.slice(from, to).reduce((n, turn) => n + (turn.inputTokens ?? 0), 0)
    expect(lines[1]).toMatch(new RegExp(`^What is 6\\*7\\?\\s+2\\s+${sum(0, 2).toLocaleString('en-US')}\\s`))
    expect(lines[2]).toMatch(new RegExp(`^Double it\\.\\s+1\\s+${sum(2, 3).toLocaleString('en-US')}\\s`))
    expect(lines[3]).toMatch(new RegExp(`^total\\s+3\\s+${sum(0, 3).toLocaleString('en-US')}\\s`))
    const { contextUsed, contextTokens } = chat.state().status
    expect(contextUsed).toBe(usage[2]?.inputTokens)
    expect(lines[4]).toBe(
      `context: ${contextUsed?.toLocaleString('en-US')} of ${contextTokens?.toLocaleString('en-US')} tokens (${Math.round(((contextUsed ?? 0) / (contextTokens ?? 1)) * 100)} %)`,
    )
  })

  it('says when no model turn has happened yet', async () => {
    const chat = await chatHarness([])
    await chat.slash('/cost')
    expect(chat.last()).toBe('No tokens yet: no model turn in this chat.')
  })
})

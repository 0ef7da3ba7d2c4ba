import { describe, expect, it } from 'vitest'
import { decideDeferral, estimateToolTokens, type DeferralCandidate } from './decide-deferral.js'

const tool = (toolId: string, size = 400, completion = false): DeferralCandidate => ({
  toolId,
  source: toolId.startsWith('builtin:') ? 'builtin' : toolId.startsWith('mcp/') ? 'mcp' : 'extension',
  alias: toolId.replace(/\W/g, '_'),
  description: 'x'.repeat(size),
  inputSchema: { type: 'object' },
  completion,
})

describe('estimateToolTokens', () => {
  it('is the JSON size of the definition over four', () => {
    const json = JSON.stringify({ name: 'a', description: 'bcd', parameters: { type: 'object' } })
    expect(estimateToolTokens({ alias: 'a', description: 'bcd', inputSchema: { type: 'object' } })).toBe(
      Math.ceil(json.length / 4),
    )
  })
})

describe('decideDeferral', () => {
  const tools = [
    tool('builtin:dice.roll'),
    tool('builtin:task.return', 400, true),
    tool('mcp/gh:create_issue'),
    tool('extension/n:append'),
  ]

  it('defers nothing by default', () => {
    expect(decideDeferral(tools, { deferred: [], deferThreshold: 0.1 }, 128_000).deferred.size).toBe(0)
  })

  it('defers the tools that match a pattern, never a completion tool', () => {
    const { deferred } = decideDeferral(tools, { deferred: ['mcp/*', 'builtin:*'], deferThreshold: 0.1 }, 128_000)
    expect([...deferred]).toEqual(['builtin:dice.roll', 'mcp/gh:create_issue'])
  })

  it('with auto, defers the external tools once the definitions pass the share of the context', () => {
    const total = tools.reduce((sum, t) => sum + estimateToolTokens(t), 0)
    const under = decideDeferral(tools, { deferred: 'auto', deferThreshold: 0.1 }, total * 10)
    expect(under).toEqual({ deferred: new Set(), estimatedTokens: total, budgetTokens: total })
    const over = decideDeferral(tools, { deferred: 'auto', deferThreshold: 0.1 }, total * 10 - 10)
    expect([...over.deferred]).toEqual(['mcp/gh:create_issue', 'extension/n:append'])
  })
})

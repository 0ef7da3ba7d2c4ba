import { describe, expect, it } from 'vitest'
import type { ChildOutcome } from '../../tool/run-services.js'
import { renderOutcomes } from './render-outcomes.js'

const returned = (childId: string, summary: string): ChildOutcome => ({
  childId,
  agentId: 'a',
  state: 'returned',
  result: { summary, status: 'completed', artifacts: [] },
})

describe('renderOutcomes', () => {
  it('keeps everything when it fits', () => {
    const { text, cut } = renderOutcomes(
      [returned('c1', 'ok'), { childId: 'c2', agentId: 'b', state: 'cancelled', error: 'cancelled: stop' }],
      'agent_await',
    )
    expect(cut).toBe(false)
    expect(text).toBe(
      '1 returned, 1 failed or cancelled, 0 still running.\n\n## Child c1 (a): completed\nok\n\n## Child c2 (b): cancelled\ncancelled: stop',
    )
  })

  it('shares the budget fairly: short results whole, long ones cut evenly, within the budget', () => {
    const outcomes = [returned('c1', 'x'.repeat(5_000)), returned('c2', 'short'), returned('c3', 'y'.repeat(9_000))]
    const { text, cut } = renderOutcomes(outcomes, 'agent_await', 4_000)
    expect(cut).toBe(true)
    expect(text.length).toBeLessThanOrEqual(4_000)
    expect(text).toContain('\nshort\n')
    const xs = text.match(/x+/)?.[0].length ?? 0
    const ys = text.match(/y+/)?.[0].length ?? 0
    expect(Math.abs(xs - ys)).toBeLessThan(5)
    expect(xs).toBeGreaterThan(1_500)
    expect(text).toMatch(/\[cut: [\d,]+ of 5,0\d\d characters of this child's result shown\]/)
    expect(text.endsWith("about 1,000 tokens; read the children's files for the details.]")).toBe(true)
  })
})

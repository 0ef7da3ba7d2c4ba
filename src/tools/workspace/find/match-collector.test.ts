import { describe, expect, it, vi } from 'vitest'
import { compileMatcher } from './line-matcher.js'
import { MatchCollector, type CollectOptions } from './match-collector.js'

const options = (pattern: string, overrides: Partial<CollectOptions> = {}): CollectOptions => ({
  matcher: compileMatcher(pattern, false),
  mode: 'content',
  before: 0,
  after: 0,
  keep: 100,
  lineChars: 300,
  deadline: Number.POSITIVE_INFINITY,
  ...overrides,
})

describe('MatchCollector', () => {
  it('carries line numbers and context across pieces', () => {
    const collector = new MatchCollector(options('hit', { before: 2, after: 1 }))
    collector.feed(Buffer.from('one\ntwo\n'), false)
    collector.feed(Buffer.from('hit\nfour\n'), false)
    collector.feed(Buffer.from('five\nhit'), true)
    expect(collector.lines.map((line) => `${line.line}${line.isMatch ? ':' : '-'}${line.text}`)).toEqual([
      '1-one',
      '2-two',
      '3:hit',
      '4-four',
      '5-five',
      '6:hit',
    ])
    expect(collector.matches).toBe(2)
  })

  it('passes over pieces without the required text in any letter case, counting their lines', () => {
    const collector = new MatchCollector(options('HIT', { before: 1, matcher: compileMatcher('HIT', true) }))
    collector.feed(Buffer.from('one\ntwo\nthree\n'), false)
    collector.feed(Buffer.from('four\nfive\n'), false)
    collector.feed(Buffer.from('a Hit\n'), true)
    expect(collector.lines).toEqual([
      { line: 5, text: 'five', isMatch: false },
      { line: 6, text: 'a Hit', isMatch: true },
    ])
  })

  it('keeps only the first matches but counts them all', () => {
    const collector = new MatchCollector(options('x', { keep: 2 }))
    collector.feed(Buffer.from('x\nx\nx\nx\n'), true)
    expect(collector.lines).toHaveLength(2)
    expect(collector.matches).toBe(4)
  })

  it('stops at the first match in files mode', () => {
    const collector = new MatchCollector(options('x', { mode: 'files_with_matches' }))
    expect(collector.feed(Buffer.from('x\nx\n'), false)).toBe(false)
    expect(collector.matches).toBe(1)
  })

  it('gives up on a file when a slow pattern runs out of time, between runs of lines', () => {
    // Each line makes this pattern backtrack for a while and then fail.
    const text = `${'a'.repeat(18)}b\n`.repeat(5_000)
    // A clock that advances one tick per reading: time runs out at the fourth check, so a
    // collector that checks between runs of lines stops after four of the text's seven runs.
    let tick = 0
    const now = vi.spyOn(performance, 'now').mockImplementation(() => tick++)
    try {
      const collector = new MatchCollector(options('a*a*a*c', { deadline: 2 }))
      expect(collector.feed(Buffer.from(text), true)).toBe(false)
      expect(collector.timedOut).toBe(true)
      expect(now).toHaveBeenCalledTimes(4)
    } finally {
      now.mockRestore()
    }
  })
})

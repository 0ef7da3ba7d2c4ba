import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseDiceFormula } from './dice-formula.js'
import { formatDiceRoll, rollDice, type RandomInt } from './roll-dice.js'

/** A RandomInt that returns `values` in order and records the ranges it was asked for. */
function scripted(values: readonly number[]): RandomInt & { calls: Array<[number, number]> } {
  let next = 0
  const calls: Array<[number, number]> = []
  const fn = (min: number, max: number): number => {
    calls.push([min, max])
    const value = values[next++]
    if (value === undefined) throw new Error('scripted random source exhausted')
    return value
  }
  return Object.assign(fn, { calls })
}

function roll(formula: string, values: readonly number[]) {
  return rollDice(parseDiceFormula(formula), scripted(values))
}

describe('rollDice', () => {
  it('sums dice and modifiers', () => {
    const result = roll('2d6+3', [4, 4])
    expect(result).toEqual({
      formula: '2d6+3',
      total: 11,
      terms: [
        { expression: '2d6', sign: '+', rolls: [4, 4], kept: [4, 4], dropped: [], subtotal: 8 },
        { expression: '3', sign: '+', rolls: [], kept: [], dropped: [], subtotal: 3 },
      ],
    })
    expect(formatDiceRoll(result)).toBe('2d6+3 = 11 (2d6: [4, 4] + 3)')
  })

  it('asks for each die in [1, sides + 1)', () => {
    const random = scripted([1, 2, 3, 50])
    rollDice(parseDiceFormula('3d6+d%'), random)
    expect(random.calls).toEqual([
      [1, 7],
      [1, 7],
      [1, 7],
      [1, 101],
    ])
  })

  it('keeps the highest dice and reports the dropped ones', () => {
    const result = roll('4d6kh3', [3, 1, 6, 5])
    expect(result.terms[0]).toMatchObject({ rolls: [3, 1, 6, 5], kept: [3, 6, 5], dropped: [1], subtotal: 14 })
    expect(result.total).toBe(14)
    expect(formatDiceRoll(result)).toBe('4d6kh3 = 14 (4d6kh3: [3, 6, 5] dropped [1])')
  })

  it('keeps the lowest dice', () => {
    const result = roll('2d20kl1', [17, 4])
    expect(result.terms[0]).toMatchObject({ kept: [4], dropped: [17], subtotal: 4 })
    expect(result.total).toBe(4)
  })

  it('breaks ties in favour of the die rolled first', () => {
    expect(roll('3d6kh1', [5, 5, 2]).terms[0]).toMatchObject({ kept: [5], dropped: [5, 2] })
    expect(roll('3d6kl2', [2, 5, 2]).terms[0]).toMatchObject({ kept: [2, 2], dropped: [5] })
  })

  it('subtracts negative terms', () => {
    const result = roll('3d6-1d4+2', [1, 2, 3, 4])
    expect(result.total).toBe(6 - 4 + 2)
    expect(result.terms[1]).toMatchObject({ sign: '-', subtotal: 4 })
    expect(formatDiceRoll(result)).toBe('3d6-1d4+2 = 4 (3d6: [1, 2, 3] - 1d4: [4] + 2)')
    expect(formatDiceRoll(roll('-1d4+5', [3]))).toBe('-1d4+5 = 2 (-1d4: [3] + 5)')
  })

  it('stays within the bounds of the formula with real randomness', () => {
    const formula = parseDiceFormula('3d6kh2+1')
    const seen = new Set<number>()
    for (let i = 0; i < 2_000; i++) {
      const result = rollDice(formula, randomInt)
      const dice = result.terms[0]
      expect(dice?.rolls).toHaveLength(3)
      for (const die of dice?.rolls ?? []) {
        expect(Number.isInteger(die)).toBe(true)
        expect(die).toBeGreaterThanOrEqual(1)
        expect(die).toBeLessThanOrEqual(6)
      }
      expect(Math.min(...(dice?.kept ?? []))).toBeGreaterThanOrEqual(Math.max(...(dice?.dropped ?? [])))
      expect(result.total).toBeGreaterThanOrEqual(3)
      expect(result.total).toBeLessThanOrEqual(13)
      seen.add(result.total)
    }
    // Every total from 3 to 13 is reachable; 2,000 rolls miss one with negligible probability.
    expect([...seen].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
  })

  it('rolls every face of a die about equally often', () => {
    const counts = new Map<number, number>()
    const formula = parseDiceFormula('100d6')
    for (let i = 0; i < 60; i++) {
      for (const die of rollDice(formula, randomInt).terms[0]?.rolls ?? []) counts.set(die, (counts.get(die) ?? 0) + 1)
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6])
    // 6,000 rolls: each face expects 1,000 (sd ≈ 29); ±200 is about 7 standard deviations.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(800)
      expect(count).toBeLessThan(1_200)
    }
  })
})

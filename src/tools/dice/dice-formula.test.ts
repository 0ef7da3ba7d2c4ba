import { describe, expect, it } from 'vitest'
import { ToolError } from '../../core/tool-error.js'
import { diceLimits, parseDiceFormula } from './dice-formula.js'

/** The ToolError a parse throws; fails the test when it does not throw one. */
function parseError(formula: string): ToolError {
  try {
    parseDiceFormula(formula)
  } catch (error) {
    if (error instanceof ToolError) return error
    throw error
  }
  throw new Error(`expected "${formula}" to be rejected`)
}

describe('parseDiceFormula', () => {
  it('parses dice, keep clauses and modifiers', () => {
    expect(parseDiceFormula('2d6+3')).toEqual({
      text: '2d6+3',
      terms: [
        { kind: 'dice', sign: '+', count: 2, sides: 6, text: '2d6' },
        { kind: 'constant', sign: '+', value: 3, text: '3' },
      ],
    })
    expect(parseDiceFormula('4d6kh3').terms[0]).toEqual({
      kind: 'dice',
      sign: '+',
      count: 4,
      sides: 6,
      keep: { which: 'highest', count: 3 },
      text: '4d6kh3',
    })
    expect(parseDiceFormula('2d20kl1').terms[0]).toMatchObject({ keep: { which: 'lowest', count: 1 } })
  })

  it('defaults the dice count to 1 and reads d% as d100', () => {
    expect(parseDiceFormula('d20').terms[0]).toMatchObject({ count: 1, sides: 20, text: 'd20' })
    expect(parseDiceFormula('d%').terms[0]).toMatchObject({ count: 1, sides: 100, text: 'd%' })
    expect(parseDiceFormula('3d%').terms[0]).toMatchObject({ count: 3, sides: 100 })
  })

  it('reads a bare k as keep highest and a missing keep count as 1', () => {
    expect(parseDiceFormula('4d6k3').terms[0]).toMatchObject({ keep: { which: 'highest', count: 3 }, text: '4d6kh3' })
    expect(parseDiceFormula('2d20kh').terms[0]).toMatchObject({ keep: { which: 'highest', count: 1 }, text: '2d20kh1' })
    expect(parseDiceFormula('2d20kl').terms[0]).toMatchObject({ keep: { which: 'lowest', count: 1 } })
  })

  it('handles several signed terms, a leading sign, case and whitespace', () => {
    const formula = parseDiceFormula('  3D6 - 1d4 +2 ')
    expect(formula.text).toBe('3d6-1d4+2')
    expect(formula.terms.map((term) => term.sign)).toEqual(['+', '-', '+'])
    expect(parseDiceFormula('-1d4 + 5').text).toBe('-1d4+5')
    expect(parseDiceFormula('+d8').text).toBe('d8')
    expect(parseDiceFormula('4D6KH3').text).toBe('4d6kh3')
    expect(parseDiceFormula(' 4 d 6 kl 1 ').text).toBe('4d6kl1')
    expect(parseDiceFormula('7').terms).toEqual([{ kind: 'constant', sign: '+', value: 7, text: '7' }])
  })

  it('allows d1', () => {
    expect(parseDiceFormula('3d1').terms[0]).toMatchObject({ sides: 1 })
  })

  const invalid: ReadonlyArray<readonly [formula: string, position: string, problem: RegExp]> = [
    ['', '', /empty/],
    ['   ', '', /empty/],
    ['2d', 'at the end', /number of sides/],
    ['2d+3', 'at character 3 (near "+3")', /number of sides/],
    ['2x6', 'at character 2 (near "x6")', /expected \+ or - between terms/],
    ['2d6+', 'at the end', /after "\+"/],
    ['2d6++1', 'at character 5', /expected a die such as d6 or an integer, found "\+"/],
    ['d6 3', 'at character 4', /expected \+ or -/],
    ['0d6', 'at character 1', /at least one die/],
    ['2d0', 'at character 3', /at least 1 side/],
    ['4d6kh0', 'at character 6', /keep at least one/],
    ['1.5d6', 'at character 2', /expected \+ or -/],
    ['2d6*2', 'at character 4', /expected \+ or -/],
    ['hello', 'at character 1', /found "h"/],
    ['dd6', 'at character 2', /number of sides/],
    ['(2d6)', 'at character 1', /found "\("/],
  ]
  it.each(invalid)('rejects %j %s', (formula, position, problem) => {
    const error = parseError(formula)
    expect(error.code).toBe('dice.invalid_formula')
    expect(error.message).toContain(position)
    expect(error.message).toMatch(problem)
    expect(error.message).toContain('2d6+3')
  })

  it('points at the position of the problem in its details', () => {
    expect(parseError('2d6+x').details).toEqual({ position: 4 })
  })

  const limits: ReadonlyArray<readonly [formula: string, limit: string, message: RegExp]> = [
    ['1d6+'.repeat(50) + '1', 'formulaLength', /at most 200 characters/],
    [Array.from({ length: 21 }, () => '1').join('+'), 'terms', /more than 20 terms/],
    ['101d6', 'dicePerTerm', /at most 100 dice per term/],
    ['d1000001', 'maxSides', /at most 1,000,000/],
    ['1d6+1000001', 'maxModifier', /at most 1,000,000/],
    ['3d6kh4', 'keepCount', /keeps 4 of 3 dice/],
    ['100d6+'.repeat(10) + '1d6', 'totalDice', /more than 1,000 dice/],
    ['9'.repeat(150) + 'd6', 'dicePerTerm', /at most 100 dice per term/],
  ]
  it.each(limits)('limits %j (%s)', (formula, limit, message) => {
    const error = parseError(formula)
    expect(error.code).toBe('dice.limit_exceeded')
    expect(error.details).toMatchObject({ limit })
    expect(error.message).toMatch(message)
  })

  it('accepts formulas right at the limits', () => {
    expect(parseDiceFormula('100d6+'.repeat(9) + '100d1000000').terms).toHaveLength(10)
    expect(parseDiceFormula(Array.from({ length: diceLimits.terms }, () => 'd6').join('+')).terms).toHaveLength(20)
    expect(parseDiceFormula('1000000-1').text).toBe('1000000-1')
    expect(parseDiceFormula('4d6kh4').terms[0]).toMatchObject({ keep: { count: 4 } })
    const longest = ' '.repeat(diceLimits.formulaLength - 3) + 'd20'
    expect(parseDiceFormula(longest).text).toBe('d20')
  })
})

import type { DiceFormula, DiceRollTerm, DiceSign } from './dice-formula.js'

/**
 * A source of uniform random integers in `[min, max)`, the contract of `crypto.randomInt`.
 * Tests pass a scripted one.
 */
export type RandomInt = (min: number, max: number) => number

/** One rolled term of a formula. */
export type RolledTerm = {
  /** The term in normalized form, without its sign (`4d6kh3`, `3`). */
  readonly expression: string
  readonly sign: DiceSign
  /** Every die in the order rolled; empty for a plain integer. */
  readonly rolls: readonly number[]
  /** The dice that count, in the order rolled. */
  readonly kept: readonly number[]
  /** The dice a keep clause discarded, in the order rolled. */
  readonly dropped: readonly number[]
  /** Sum of the kept dice, or the integer itself, before the sign is applied. */
  readonly subtotal: number
}

/** The result of rolling a formula. */
export type DiceRoll = {
  /** The formula in normalized form. */
  readonly formula: string
  /** Sum of every term's subtotal with its sign. */
  readonly total: number
  readonly terms: readonly RolledTerm[]
}

/**
 * Rolls a parsed formula. Pure apart from `randomInt`, which is asked once per die for a value in
 * `[1, sides + 1)`.
 *
 * @example rollDice(parseDiceFormula('2d6+3'), randomInt).total // 5..15
 */
export function rollDice(formula: DiceFormula, randomInt: RandomInt): DiceRoll {
  const terms = formula.terms.map((term): RolledTerm => {
    if (term.kind === 'constant') {
      return { expression: term.text, sign: term.sign, rolls: [], kept: [], dropped: [], subtotal: term.value }
    }
    const rolls = Array.from({ length: term.count }, () => randomInt(1, term.sides + 1))
    const keptIndexes = selectKept(rolls, term)
    const kept = rolls.filter((_, index) => keptIndexes.has(index))
    const dropped = rolls.filter((_, index) => !keptIndexes.has(index))
    return { expression: term.text, sign: term.sign, rolls, kept, dropped, subtotal: sum(kept) }
  })
  const total = terms.reduce((acc, term) => acc + (term.sign === '-' ? -term.subtotal : term.subtotal), 0)
  return { formula: formula.text, total, terms }
}

/**
 * Formats a roll as one line for the model, e.g. `4d6kh3+2 = 16 (4d6kh3: [6, 5, 3] dropped [1] + 2)`.
 */
export function formatDiceRoll(roll: DiceRoll): string {
  const parts = roll.terms.map((term, index) => {
    const sign = index === 0 ? (term.sign === '-' ? '-' : '') : ` ${term.sign} `
    if (term.rolls.length === 0) return `${sign}${term.expression}`
    const dropped = term.dropped.length === 0 ? '' : ` dropped [${term.dropped.join(', ')}]`
    return `${sign}${term.expression}: [${term.kept.join(', ')}]${dropped}`
  })
  return `${roll.formula} = ${roll.total} (${parts.join('')})`
}

/** Indexes of the dice a term keeps; ties go to the die rolled first. */
function selectKept(rolls: readonly number[], term: DiceRollTerm): ReadonlySet<number> {
  const indexes = rolls.map((_, index) => index)
  if (term.keep === undefined) return new Set(indexes)
  const direction = term.keep.which === 'highest' ? -1 : 1
  // Array.prototype.sort is stable, so equal values keep their roll order.
  indexes.sort((a, b) => direction * ((rolls[a] ?? 0) - (rolls[b] ?? 0)))
  return new Set(indexes.slice(0, term.keep.count))
}

function sum(values: readonly number[]): number {
  return values.reduce((acc, value) => acc + value, 0)
}

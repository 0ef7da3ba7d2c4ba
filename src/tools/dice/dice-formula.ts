import { ToolError } from '../../core/tool-error.js'
import { formatCount } from '../../text/quantities.js'

/**
 * Bounds on a dice formula. They keep a roll cheap and its output short enough to read; each
 * violation is a `dice.limit_exceeded` error naming the bound.
 */
export const diceLimits = {
  /** Characters in the formula. */
  formulaLength: 200,
  /** Terms joined by `+` or `-`, modifiers included. */
  terms: 20,
  /** Dice in one term (`100d6`). */
  dicePerTerm: 100,
  /** Dice in the whole formula. */
  totalDice: 1_000,
  /** Sides of a die; `d1` is allowed (it always shows 1). */
  minSides: 1,
  maxSides: 1_000_000,
  /** Absolute value of a plain integer term. */
  maxModifier: 1_000_000,
} as const

/** Whether a term is added or subtracted. */
export type DiceSign = '+' | '-'

/** Which dice a keep clause (`kh3`, `kl1`) retains. */
export interface DiceKeep {
  readonly which: 'highest' | 'lowest'
  /** How many dice are kept: at least 1, at most the term's dice count. */
  readonly count: number
}

/** A term that rolls dice, such as `4d6kh3`. */
export interface DiceRollTerm {
  readonly kind: 'dice'
  readonly sign: DiceSign
  /** Number of dice; `1` when the formula omits it (`d20`). */
  readonly count: number
  /** Sides of each die; `d%` has 100. */
  readonly sides: number
  /** The keep clause, when there is one; without it every die counts. */
  readonly keep?: DiceKeep
  /** The term in normalized form, without its sign: lower case, no spaces (`4d6kh3`, `d%`). */
  readonly text: string
}

/** A plain integer term, such as the `3` of `2d6+3`. */
export interface DiceConstantTerm {
  readonly kind: 'constant'
  readonly sign: DiceSign
  readonly value: number
  /** The integer as text, without its sign. */
  readonly text: string
}

/** One term of a formula. */
export type DiceTerm = DiceRollTerm | DiceConstantTerm

/** A parsed dice formula. */
export interface DiceFormula {
  /** The formula in normalized form, e.g. `2d6+3` for ` 2D6 + 3`. */
  readonly text: string
  readonly terms: readonly DiceTerm[]
}

const validExamples = 'Valid formulas look like 2d6+3, 4d6kh3, d20-1 or 3d6-1d4+2.'

/**
 * Parses a dice formula: terms joined by `+` or `-`, each a die roll `NdS` (`N` optional, `S` a
 * number or `%`) with an optional keep clause `khK`/`klK`/`kK`, or a plain integer. Letters are
 * case-insensitive and spaces may separate the parts.
 *
 * @throws {ToolError} `dice.invalid_formula` with the position of the problem, or
 *   `dice.limit_exceeded` naming the bound from {@link diceLimits} that the formula breaks.
 * @example parseDiceFormula('4d6kh3 + 2').text // '4d6kh3+2'
 */
export function parseDiceFormula(source: string): DiceFormula {
  if (source.length > diceLimits.formulaLength) {
    throw limitExceeded(
      'formulaLength',
      source.length,
      `The dice formula has ${source.length} characters; at most ${diceLimits.formulaLength} characters are allowed.`,
    )
  }
  return new FormulaParser(source).parseFormula()
}

/** A recursive-descent parser over the characters of one formula. */
class FormulaParser {
  readonly #source: string
  #pos = 0
  #totalDice = 0

  constructor(source: string) {
    this.#source = source
  }

  parseFormula(): DiceFormula {
    this.#skipSpace()
    if (this.#atEnd()) throw new ToolError('dice.invalid_formula', `The dice formula is empty. ${validExamples}`)
    const terms: DiceTerm[] = []
    // Only the first term may carry a sign without an operator before it (`-1d4+5`).
    let sign: DiceSign = this.#takeSign() ?? '+'
    for (;;) {
      if (terms.length === diceLimits.terms) {
        const message = `The dice formula has more than ${diceLimits.terms} terms; use at most ${diceLimits.terms}.`
        throw limitExceeded('terms', terms.length + 1, message)
      }
      terms.push(this.#parseTerm(sign))
      this.#skipSpace()
      if (this.#atEnd()) break
      const next = this.#takeSign()
      if (next === undefined) throw this.#invalid(`expected + or - between terms, found ${quoteChar(this.#peek())}`)
      sign = next
    }
    const text = terms.map((term, index) => (index === 0 && term.sign === '+' ? '' : term.sign) + term.text).join('')
    return { text, terms }
  }

  #parseTerm(sign: DiceSign): DiceTerm {
    this.#skipSpace()
    if (this.#atEnd()) throw this.#invalid(`expected a die such as d6 or an integer after "${sign}"`)
    const start = this.#pos
    const count = this.#readInteger()
    this.#skipSpace()
    if (!this.#takeLetter('d')) {
      if (count === undefined)
        throw this.#invalid(`expected a die such as d6 or an integer, found ${quoteChar(this.#peek())}`)
      if (count > diceLimits.maxModifier) {
        const message = `The integer ${count} is too large; integers may be at most ${formatCount(diceLimits.maxModifier)}.`
        throw limitExceeded('maxModifier', count, message)
      }
      return { kind: 'constant', sign, value: count, text: String(count) }
    }
    return this.#parseDice(sign, count, start)
  }

  /** Parses what follows the `d` of a die roll; `count` is the number before it, if any, read at `start`. */
  #parseDice(sign: DiceSign, count: number | undefined, start: number): DiceRollTerm {
    const dice = count ?? 1
    if (dice < 1) throw this.#invalid('a term must roll at least one die (write 1d6, not 0d6)', start)
    this.#skipSpace()
    const sidesAt = this.#pos
    let sides: number
    let sidesText: string
    if (this.#peek() === '%') {
      this.#pos++
      sides = 100
      sidesText = '%'
    } else {
      const read = this.#readInteger()
      if (read === undefined) throw this.#invalid('expected the number of sides after "d", as in 2d6 or d%')
      sides = read
      sidesText = String(read)
    }
    if (sides < diceLimits.minSides) throw this.#invalid(`a die needs at least ${diceLimits.minSides} side`, sidesAt)

    const keep = this.#parseKeep(dice)
    const keepText = keep === undefined ? '' : `k${keep.which === 'highest' ? 'h' : 'l'}${keep.count}`
    const text = `${count === undefined ? '' : String(count)}d${sidesText}${keepText}`

    // Limits are checked once the whole term is read, so that the message can name it.
    if (sides > diceLimits.maxSides) {
      const message = `The dice in ${text} have ${formatCount(sides)} sides; at most ${formatCount(diceLimits.maxSides)} are allowed.`
      throw limitExceeded('maxSides', sides, message)
    }
    if (dice > diceLimits.dicePerTerm) {
      const message = `${text} rolls ${formatCount(dice)} dice; at most ${diceLimits.dicePerTerm} dice per term are allowed.`
      throw limitExceeded('dicePerTerm', dice, message)
    }
    if (keep !== undefined && keep.count > dice) {
      const message = `${text} keeps ${keep.count} of ${dice} dice; a term cannot keep more dice than it rolls.`
      throw limitExceeded('keepCount', keep.count, message)
    }
    this.#totalDice += dice
    if (this.#totalDice > diceLimits.totalDice) {
      throw limitExceeded(
        'totalDice',
        this.#totalDice,
        `The formula rolls more than ${formatCount(diceLimits.totalDice)} dice in all; roll fewer dice.`,
      )
    }
    const term: DiceRollTerm = { kind: 'dice', sign, count: dice, sides, text }
    return keep === undefined ? term : { ...term, keep }
  }

  /** Parses an optional keep clause: `k`, `kh` or `kl`, then an optional count (default 1). */
  #parseKeep(dice: number): DiceKeep | undefined {
    this.#skipSpace()
    if (!this.#takeLetter('k')) return undefined
    let which: DiceKeep['which'] = 'highest'
    if (this.#takeLetter('l')) which = 'lowest'
    else this.#takeLetter('h') // a bare `k` keeps the highest
    this.#skipSpace()
    const countAt = this.#pos
    const count = this.#readInteger() ?? 1
    if (count < 1) throw this.#invalid(`a keep clause must keep at least one die (as in ${dice}d6kh1)`, countAt)
    return { which, count }
  }

  /** Reads a run of decimal digits; undefined when there is none. */
  #readInteger(): number | undefined {
    const start = this.#pos
    while (!this.#atEnd() && isDigit(this.#peek())) this.#pos++
    // The formula length bound keeps this finite; anything past the limits is rejected by the caller.
    return this.#pos === start ? undefined : Number(this.#source.slice(start, this.#pos))
  }

  #takeSign(): DiceSign | undefined {
    const char = this.#peek()
    if (char !== '+' && char !== '-') return undefined
    this.#pos++
    return char
  }

  #takeLetter(letter: string): boolean {
    if (this.#peek().toLowerCase() !== letter) return false
    this.#pos++
    return true
  }

  #skipSpace(): void {
    while (!this.#atEnd() && /\s/.test(this.#peek())) this.#pos++
  }

  #peek(): string {
    return this.#source.charAt(this.#pos)
  }

  #atEnd(): boolean {
    return this.#pos >= this.#source.length
  }

  /** An `invalid_formula` error pointing at `at` (1-based in the message) with the text there. */
  #invalid(problem: string, at = this.#pos): ToolError {
    const where =
      at >= this.#source.length ? 'at the end' : `at character ${at + 1} (near "${this.#source.slice(at, at + 10)}")`
    const message = `Invalid dice formula "${this.#source}" ${where}: ${problem}. ${validExamples}`
    return new ToolError('dice.invalid_formula', message, { position: at })
  }
}

function limitExceeded(limit: string, value: number, message: string): ToolError {
  return new ToolError('dice.limit_exceeded', message, { limit, value })
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9' && char.length === 1
}

function quoteChar(char: string): string {
  return char === '' ? 'the end of the formula' : JSON.stringify(char)
}

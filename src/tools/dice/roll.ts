import { randomInt } from 'node:crypto'
import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { loadText } from '../../text/model-text.js'
import { parseDiceFormula } from './dice-formula.js'
import { formatDiceRoll, rollDice } from './roll-dice.js'

const inputSchema = z.object({
  formula: z.string().describe('Dice formula, e.g. 2d6+3, 4d6kh3 or d20-1 (at most 200 characters).'),
})

/**
 * `dice.roll`: rolls a dice formula such as `2d6+3` or `4d6kh3` with `crypto.randomInt` (uniform,
 * unbiased). Bad formulas are `dice.invalid_formula`, formulas past `diceLimits` are
 * `dice.limit_exceeded`. Structured output is a `DiceRoll`.
 */
export const diceRollTool = defineTool({
  name: 'dice.roll',
  description: loadText(import.meta.url, 'roll.description.md'),
  inputSchema,
  annotations: { readOnly: true },
  call: async ({ formula }) => {
    const roll = rollDice(parseDiceFormula(formula), randomInt)
    return { content: formatDiceRoll(roll), structured: roll }
  },
  renderToolUseMessage: ({ formula }) => `Roll ${formula.trim()}`,
  renderToolResultMessage: (output) => `Total ${String(output.structured?.total ?? '?')}`,
})

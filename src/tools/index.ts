import type { AnyToolDefinition } from '../tool/define-tool.js'
import { calculatorEvaluateTool } from './calculator/evaluate.js'
import { diceRollTool } from './dice/roll.js'

/** The builtin tools every host starts with. */
export const builtinTools: readonly AnyToolDefinition[] = [calculatorEvaluateTool, diceRollTool]

import type { AnyToolDefinition } from '../tool/define-tool.js'
import { calculatorEvaluateTool } from './calculator/evaluate.js'
import { diceRollTool } from './dice/roll.js'
import { memoryTools } from './memory/memory-tools.js'
import { webFetchTool } from './web/fetch.js'
import { applyPatchTool } from './workspace/apply-patch/apply-patch.js'
import { fileTools } from './workspace/files/index.js'
import { findTools } from './workspace/find/index.js'
import { shellTool } from './workspace/shell/shell.js'

/** The builtin tools every host starts with. */
export const builtinTools: readonly AnyToolDefinition[] = [calculatorEvaluateTool, diceRollTool, webFetchTool, applyPatchTool, ...fileTools, ...findTools, shellTool, ...memoryTools]

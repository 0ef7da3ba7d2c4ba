import type { AnyToolDefinition } from '../tool/define-tool.js'
import { calculatorEvaluateTool } from './calculator/evaluate.js'
import { diceRollTool } from './dice/roll.js'
import { memoryTools } from './memory/memory-tools.js'
import { webFetchTool } from './web/fetch.js'
import { applyPatchTool } from './workspace/apply-patch/apply-patch.js'
import { fileTools } from './workspace/files/index.js'
import { findTools } from './workspace/find/index.js'
import { shellTool } from './workspace/shell/shell.js'
import { systemShellTool } from './system/shell/system-shell.js'
import { backgroundTools } from './background/index.js'
import { replTools } from './repl/index.js'
import { agentTools } from './agent/index.js'
import { chatTools } from './chat/index.js'
import { publishTools } from './workspace/publish/index.js'
import { worldinfoTools } from './worldinfo/index.js'
import { scheduleTools } from './schedule/index.js'
import { taskTools } from './task/index.js'
import { databaseTools } from './database/index.js'
import { lspTools } from './lsp/index.js'
import { webSearchTool } from './web/search/index.js'

/**
 * The builtin tools every host starts with. Run tools (publish, chat, world info, sub-agents, schedules,
 * the plan) are offered only to invocations the agent loop drives, which provides what they act on;
 * database, search and language-server tools only to profiles that configure what they use.
 */
export const builtinTools: readonly AnyToolDefinition[] = [
  calculatorEvaluateTool,
  diceRollTool,
  webFetchTool,
  webSearchTool,
  applyPatchTool,
  ...fileTools,
  ...findTools,
  shellTool,
  systemShellTool,
  ...backgroundTools,
  ...replTools,
  ...memoryTools,
  ...publishTools,
  ...chatTools,
  ...worldinfoTools,
  ...agentTools,
  ...scheduleTools,
  ...taskTools,
  ...databaseTools,
  ...lspTools,
]

/** Builtin tools that run real programs in the OS sandbox: offered only where it works. */
export const sandboxedTools: ReadonlySet<AnyToolDefinition> = new Set([systemShellTool, ...replTools])

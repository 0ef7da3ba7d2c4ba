import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { agentAwaitTool, agentDelegateTool, agentHandoffTool, taskReturnTool } from './agent-tools.js'

export { agentAwaitTool, agentDelegateTool, agentHandoffTool, taskReturnTool } from './agent-tools.js'
export { agentToolAlias, agentToolIds } from './agent-tool-ids.js'
export { awaitCharBudget, awaitTokenBudget, renderOutcome, renderOutcomes } from './render-outcomes.js'

/** The sub-agent tools (DESIGN §13); offered only to runs with the features each `requires`. */
export const agentTools: readonly AnyToolDefinition[] = [
  agentDelegateTool,
  agentAwaitTool,
  agentHandoffTool,
  taskReturnTool,
]

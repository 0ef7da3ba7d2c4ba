import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { chatReadMessagesTool } from './read-messages.js'
import { chatSearchTool } from './search.js'

export { chatReadMessagesTool } from './read-messages.js'
export { chatSearchTool } from './search.js'
export { chatLimits } from './limits.js'
export { chatToolIds } from './texts.js'
export { runOf } from './run-of.js'

/** The chat-scope conversation tools: ranked search and reading by index (DESIGN §10). */
export const chatTools: readonly AnyToolDefinition[] = [chatSearchTool, chatReadMessagesTool]

import type { AnyToolDefinition } from '../../../tool/define-tool.js'
import { commitTool } from './commit.js'
import { finishTool } from './finish.js'

export { commitTool, defaultReplyPath, maxReplyChars } from './commit.js'
export { finishTool, defaultFinishReason } from './finish.js'

/** Publishing a chat reply and ending a run: `workspace.commit`, `workspace.finish` (DESIGN §10, §13). */
export const publishTools: readonly AnyToolDefinition[] = [commitTool, finishTool]

import type { AnyToolDefinition } from '../../../tool/define-tool.js'
import { editTool } from './edit.js'
import { multiEditTool } from './multi-edit.js'
import { readFileTool } from './read-file.js'
import { writeFileTool } from './write-file.js'

export { editTool } from './edit.js'
export { multiEditTool } from './multi-edit.js'
export { readFileTool } from './read-file.js'
export { writeFileTool } from './write-file.js'
export { fileToolLimits } from './limits.js'
export { fileToolIds } from './tool-ids.js'

/** The builtin file tools: read, write, edit and multi-edit (DESIGN §10). */
export const fileTools: AnyToolDefinition[] = [readFileTool, writeFileTool, editTool, multiEditTool]

import type { AnyToolDefinition } from '../../../tool/define-tool.js'
import { globTool } from './glob.js'
import { listFilesTool } from './list-files.js'
import { searchFilesTool } from './search-files.js'

export { globTool } from './glob.js'
export { listFilesTool } from './list-files.js'
export { searchFilesTool } from './search-files.js'

/** The builtin tools that find things in the workspace: list a folder, match file paths, search contents. */
export const findTools: AnyToolDefinition[] = [listFilesTool, globTool, searchFilesTool]

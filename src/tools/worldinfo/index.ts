import type { AnyToolDefinition } from '../../tool/define-tool.js'
import { worldinfoReadActivatedTool } from './read-activated.js'

export { worldinfoReadActivatedTool, maxActivatedChars } from './read-activated.js'
export {
  activateEntries,
  defaultScanDepth,
  type ActiveEntry,
  type Activation,
  type ActivationReason,
} from './activate.js'
export { loadLorebook, parseLorebook, LorebookError } from './load-lorebook.js'

/** The lorebook tools (DESIGN §10). */
export const worldinfoTools: readonly AnyToolDefinition[] = [worldinfoReadActivatedTool]

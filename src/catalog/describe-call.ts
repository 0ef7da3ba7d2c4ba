import { makeVisible } from '../text/make-visible.js'
import type { CatalogTool } from './catalog-tool.js'

/** The longest call description kept; a tool that says more is cut. */
export const maxCallDescriptionChars = 200

/**
 * A call as people read it in approval prompts, the audit and UIs: the tool's own
 * `renderToolUseMessage` of the input (e.g. `Edit src/a.ts`, `Query main: SELECT …`), on one line,
 * with characters that could hide what it says made visible. Undefined when the tool has no such
 * function, or it throws or says nothing: a description never fails a call.
 *
 * @example describeCall(diceTool, { formula: '2d6' }) // 'Roll 2d6'
 */
export function describeCall(
  tool: Pick<CatalogTool, 'renderToolUseMessage'>,
  input: Record<string, unknown>,
): string | undefined {
  let text: string | undefined
  try {
    text = tool.renderToolUseMessage?.(input)
  } catch {
    return undefined
  }
  if (typeof text !== 'string') return undefined
  const line = makeVisible(text.replace(/\s*[\r\n]+\s*/g, ' ').trim())
  if (line === '') return undefined
  return line.length > maxCallDescriptionChars ? `${line.slice(0, maxCallDescriptionChars - 1)}…` : line
}

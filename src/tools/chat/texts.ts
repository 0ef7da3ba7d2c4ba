import type { DescriptionContext } from '../../tool/define-tool.js'
import type { ToolId } from '../../core/tool-id.js'
import { fillText, loadTexts } from '../../text/model-text.js'

/** The model-facing texts of the chat tools, from `texts/*.txt` (placeholders `{name}`). */
export const chatTexts = loadTexts(import.meta.url, [
  'descSearchRead',
  'descReadSearch',
  'emptyConversation',
  'hitsHeader',
  'hitsMore',
  'hitsReadHint',
  'noHits',
  'noHitsRead',
  'queryWithoutTerms',
  'readStartOutOfRange',
  'readOffsetPastEnd',
  'readLineWindow',
  'readMoreMessages',
  'readLatest',
  'readEmptyMessage',
])

/** Ids of the tools the chat tools name in their texts. */
export const chatToolIds = {
  search: 'builtin:chat.search',
  readMessages: 'builtin:chat.read_messages',
} as const satisfies Record<string, ToolId>

/**
 * A sentence naming another tool, filled with `{tool}` = its alias, or `''` when the snapshot does
 * not offer that tool (a model is never pointed at a tool it cannot call).
 */
export function mentionTool(
  ctx: DescriptionContext,
  toolId: ToolId,
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return ctx.has(toolId) ? fillText(template, { ...values, tool: ctx.alias(toolId) }) : ''
}

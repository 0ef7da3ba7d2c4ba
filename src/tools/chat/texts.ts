import type { DescriptionContext } from '../../tool/define-tool.js'
import type { ToolId } from '../../tool/tool-id.js'
import { fillText, loadText } from '../../text/model-text.js'

const load = (name: string) => loadText(import.meta.url, `texts/${name}.txt`)

/** The model-facing texts of the chat tools, from `texts/*.txt` (placeholders `{name}`). */
export const chatTexts = {
  descSearchRead: load('desc-search-read'),
  descReadSearch: load('desc-read-search'),
  emptyConversation: load('empty-conversation'),
  hitsHeader: load('hits-header'),
  hitsMore: load('hits-more'),
  hitsReadHint: load('hits-read-hint'),
  noHits: load('no-hits'),
  noHitsRead: load('no-hits-read'),
  queryWithoutTerms: load('query-without-terms'),
  readStartOutOfRange: load('read-start-out-of-range'),
  readOffsetPastEnd: load('read-offset-past-end'),
  readLineWindow: load('read-line-window'),
  readMoreMessages: load('read-more-messages'),
  readLatest: load('read-latest'),
  readEmptyMessage: load('read-empty-message'),
} as const

/** Ids of the tools the chat tools name in their texts. */
export const chatToolIds = {
  search: 'builtin:chat.search',
  readMessages: 'builtin:chat.read_messages',
} as const satisfies Record<string, ToolId>

/**
 * A sentence naming another tool, filled with `{tool}` = its alias, or `''` when the snapshot does
 * not offer that tool (a model is never pointed at a tool it cannot call).
 */
export function mentionTool(ctx: DescriptionContext, toolId: ToolId, template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return ctx.has(toolId) ? fillText(template, { ...values, tool: ctx.alias(toolId) }) : ''
}

import { z } from 'zod'
import { defineTool, type ToolCallContext } from '../../tool/define-tool.js'
import type { ChatMessage } from '../../tool/run-services.js'
import { ToolError } from '../../core/tool-error.js'
import { fillText, loadText } from '../../text/model-text.js'
import { counted, formatCount } from '../../text/quantities.js'
import { chatLimits } from './limits.js'
import { searchMessages, type MessageHit } from './message-search.js'
import { messageLabel } from './render-messages.js'
import { runOf } from './run-of.js'
import { chatTexts, chatToolIds, mentionTool } from './texts.js'

const template = loadText(import.meta.url, 'search.description.md')

const inputSchema = z.object({
  query: z.string().min(1).describe('Words to look for, e.g. "lighthouse keeper storm".'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(chatLimits.maxHits)
    .optional()
    .describe(`Most messages to return, 1 to ${chatLimits.maxHits}; default ${chatLimits.defaultHits}.`),
})

/**
 * `chat.search`: ranked search (BM25, see {@link searchMessages}) over the run's conversation. Each
 * hit shows the message index, author and a snippet around the best match, and the result names
 * `chat.read_messages` to read on. A query of stop words only is `chat.query_without_terms`.
 * Structured output: `{ query, total, matched, hits: [{ index, role, name?, score, snippet }] }`.
 */
export const chatSearchTool = defineTool({
  name: 'chat.search',
  description: (ctx) => {
    const text = fillText(template, {
      snippetChars: chatLimits.snippetChars,
      maxLimit: chatLimits.maxHits,
      defaultLimit: chatLimits.defaultHits,
    })
    const read = mentionTool(ctx, chatToolIds.readMessages, chatTexts.descSearchRead)
    return read === '' ? text : `${text}\n- ${read}`
  },
  inputSchema,
  annotations: { readOnly: true, idempotent: true },
  scopes: ['chat'],
  requires: ['run'],
  renamedParameters: { q: 'query', text: 'query', search: 'query', max_results: 'limit', count: 'limit' },
  call: async ({ query, limit = chatLimits.defaultHits }, ctx) => {
    const messages = runOf(ctx).conversation()
    if (messages.length === 0)
      return { content: chatTexts.emptyConversation, structured: { query, total: 0, matched: 0, hits: [] } }
    const search = searchMessages(messages, query, chatLimits.snippetChars)
    if (search.queryTerms.length === 0)
      throw new ToolError('chat.query_without_terms', fillText(chatTexts.queryWithoutTerms, { query: shown(query) }))
    const total = counted(messages.length, 'message')
    if (search.hits.length === 0) {
      const hint = mentionTool(ctx, chatToolIds.readMessages, chatTexts.noHitsRead)
      return {
        content: fillText(chatTexts.noHits, { query: shown(query), total, hint }),
        structured: { query, total: messages.length, matched: 0, hits: [] },
      }
    }
    const hits = search.hits.slice(0, limit)
    const content = [
      fillText(chatTexts.hitsHeader, { matched: counted(search.hits.length, 'message'), query: shown(query), total }),
      '',
      ...hits.map((hit) => formatHit(hit, messages)),
      '',
      ...notes(ctx, hits, search.hits.length),
    ].join('\n')
    const structured = {
      query,
      total: messages.length,
      matched: search.hits.length,
      hits: hits.map((hit) => ({
        index: hit.index,
        role: messages[hit.index]?.role,
        ...nameOf(messages[hit.index]),
        score: round(hit.score),
        snippet: hit.snippet,
      })),
    }
    return { content: content.trimEnd(), structured }
  },
  renderToolUseMessage: ({ query }) => `Search the conversation for "${query}"`,
  renderToolResultMessage: (output) => `${counted(Number(output.structured?.matched ?? 0), 'message')} found`,
})

function formatHit(hit: MessageHit, messages: readonly ChatMessage[]): string {
  const message = messages[hit.index]
  const label = message === undefined ? `[${hit.index}]` : messageLabel(hit.index, message)
  return `${label} ${hit.snippet}`
}

function notes(ctx: ToolCallContext, hits: readonly MessageHit[], matched: number): string[] {
  const out: string[] = []
  if (matched > hits.length) {
    out.push(
      fillText(chatTexts.hitsMore, {
        shown: formatCount(hits.length),
        matched: formatCount(matched),
        max: chatLimits.maxHits,
      }),
    )
  }
  const example = Math.max(0, (hits[0]?.index ?? 0) - 2)
  const read = mentionTool(ctx, chatToolIds.readMessages, chatTexts.hitsReadHint, { example, count: 5 })
  if (read !== '') out.push(read)
  return out
}

function nameOf(message: ChatMessage | undefined): { name?: string } {
  return message?.name === undefined ? {} : { name: message.name }
}

/** A query as quoted in texts: control characters made visible, at most 200 characters. */
function shown(query: string): string {
  const cut = query.length > 200 ? `${query.slice(0, 200)}…` : query
  return JSON.stringify(cut).slice(1, -1)
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000
}

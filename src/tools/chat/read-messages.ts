import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { fillText, loadText } from '../../text/model-text.js'
import { counted, formatCount } from '../../text/quantities.js'
import { chatLimits } from './limits.js'
import { renderMessages } from './render-messages.js'
import { runOf } from './run-of.js'
import { chatTexts, chatToolIds, mentionTool } from './texts.js'

const template = loadText(import.meta.url, 'read-messages.description.md')

const inputSchema = z.object({
  start: z
    .number()
    .int()
    .min(0)
    .describe('Index of the first message to read; messages are numbered from 0, the oldest.'),
  count: z
    .number()
    .int()
    .min(1)
    .max(chatLimits.maxCount)
    .optional()
    .describe(`How many messages to read, 1 to ${chatLimits.maxCount}; default ${chatLimits.defaultCount}.`),
  offset: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'Line of the rendered messages to start from, 1-based; default 1. Use the offset a previous result names.',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(chatLimits.maxLines)
    .optional()
    .describe(`Most lines to return; default ${chatLimits.defaultLines}, at most ${chatLimits.maxLines}.`),
})

/**
 * `chat.read_messages`: messages `start`..`start+count-1` of the run's conversation rendered as
 * `[index] role (name):` and their text, paged by lines (`offset`, `limit`, and at most
 * {@link chatLimits.maxChars} characters per call) with a note naming the next offset, or the next
 * start once the messages are read. A start outside 0…n-1 is `chat.start_out_of_range`, an offset
 * past the rendered lines `chat.offset_past_end`. Structured output: `{ start, end, totalMessages,
 * firstLine, lastLine, totalLines, nextOffset, nextStart }`.
 */
export const chatReadMessagesTool = defineTool({
  name: 'chat.read_messages',
  description: (ctx) => {
    const text = fillText(template, {
      maxCount: chatLimits.maxCount,
      defaultCount: chatLimits.defaultCount,
      defaultLimit: formatCount(chatLimits.defaultLines),
      maxLimit: formatCount(chatLimits.maxLines),
      maxChars: formatCount(chatLimits.maxChars),
      wrapChars: formatCount(chatLimits.wrapChars),
    })
    const search = mentionTool(ctx, chatToolIds.search, chatTexts.descReadSearch)
    return search === '' ? text : `${text}\n- ${search}`
  },
  inputSchema,
  annotations: { readOnly: true, idempotent: true },
  scopes: ['chat'],
  requires: ['run'],
  pagesItself: true,
  renamedParameters: {
    index: 'start',
    from: 'start',
    first: 'start',
    messages: 'count',
    n: 'count',
    line: 'offset',
    lines: 'limit',
  },
  call: async ({ start, count = chatLimits.defaultCount, offset = 1, limit = chatLimits.defaultLines }, ctx) => {
    const messages = runOf(ctx).conversation()
    if (messages.length === 0)
      return { content: chatTexts.emptyConversation, structured: { start, end: null, totalMessages: 0 } }
    if (start >= messages.length) {
      const values = { start, total: counted(messages.length, 'message'), last: messages.length - 1 }
      throw new ToolError('chat.start_out_of_range', fillText(chatTexts.readStartOutOfRange, values))
    }
    const end = Math.min(messages.length - 1, start + count - 1)
    const lines = renderMessages(messages, start, end, chatLimits.wrapChars, chatTexts.readEmptyMessage)
    if (offset > lines.length) {
      const values = {
        offset: formatCount(offset),
        first: start,
        last: end,
        lines: counted(lines.length, 'line'),
        lastLine: formatCount(lines.length),
      }
      throw new ToolError('chat.offset_past_end', fillText(chatTexts.readOffsetPastEnd, values))
    }
    const shown: string[] = []
    let chars = 0
    for (let i = offset - 1; i < lines.length && shown.length < limit; i++) {
      const line = lines[i] ?? ''
      if (shown.length > 0 && chars + line.length + 1 > chatLimits.maxChars) break
      shown.push(line)
      chars += line.length + 1
    }
    const lastLine = offset + shown.length - 1
    const more = lastLine < lines.length
    const nextStart = end + 1 < messages.length ? end + 1 : null
    let note: string
    if (more) {
      note = fillText(chatTexts.readLineWindow, {
        first: formatCount(offset),
        last: formatCount(lastLine),
        total: formatCount(lines.length),
        from: start,
        to: end,
        start,
        count,
        next: lastLine + 1,
      })
    } else if (nextStart !== null) {
      note = fillText(chatTexts.readMoreMessages, {
        to: end,
        total: counted(messages.length, 'message'),
        lastIndex: messages.length - 1,
        next: nextStart,
      })
    } else {
      note = fillText(chatTexts.readLatest, { to: end })
    }
    const structured = {
      start,
      end,
      totalMessages: messages.length,
      firstLine: offset,
      lastLine,
      totalLines: lines.length,
      nextOffset: more ? lastLine + 1 : null,
      nextStart,
    }
    return { content: `${shown.join('\n').replace(/\n+$/, '')}\n\n${note}`, structured }
  },
  renderToolUseMessage: ({ start, count = chatLimits.defaultCount }) => `Read messages ${start}–${start + count - 1}`,
  renderToolResultMessage: (output) => {
    const s = output.structured
    return s?.end === null || s?.end === undefined
      ? 'No messages'
      : `Read messages ${String(s.start)}–${String(s.end)} of ${String(s.totalMessages)}`
  },
})

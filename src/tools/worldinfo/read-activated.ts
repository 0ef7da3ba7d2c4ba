import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { fillText, loadText } from '../../text/model-text.js'
import { counted, formatCount } from '../../text/quantities.js'
import { runOf } from '../chat/run-of.js'
import { activateEntries, type ActiveEntry } from './activate.js'
import { worldinfoTexts as texts } from './texts.js'

/** Characters of entry text one call returns at most. */
export const maxActivatedChars = 20_000
/** Below this much room, an entry that does not fit is left out rather than cut. */
const minCutChars = 200

const inputSchema = z.object({
  query: z
    .string()
    .optional()
    .describe('Optional text scanned for keywords as well, to look up entries about a topic, e.g. "the harbor".'),
})

/**
 * `worldinfo.read_activated`: the run's lorebook entries activated by the recent conversation (and
 * the optional query), see {@link activateEntries}; entries past {@link maxActivatedChars} are cut
 * or named as left out. Structured output: `{ total, active: [{ id, title?, priority, reason }],
 * shown, cut, leftOut, badKeys }`.
 */
export const worldinfoReadActivatedTool = defineTool({
  name: 'worldinfo.read_activated',
  description: fillText(loadText(import.meta.url, 'read-activated.description.md'), {
    maxChars: formatCount(maxActivatedChars),
  }),
  inputSchema,
  annotations: { readOnly: true, idempotent: true },
  scopes: ['chat'],
  requires: ['run', 'lorebook'],
  renamedParameters: { q: 'query', text: 'query', topic: 'query', keyword: 'query' },
  call: async ({ query }, ctx) => {
    const run = runOf(ctx)
    const lorebook = run.lorebook()
    if (lorebook === undefined) return { content: texts.noLorebook, structured: { total: 0, active: [] } }
    const given = query?.trim() ?? ''
    const { active, badKeys } = activateEntries(lorebook, run.conversation(), given)
    const summary = active.map(({ entry, reason }) => ({
      id: entry.id,
      ...(entry.title !== undefined && { title: entry.title }),
      priority: entry.priority ?? 0,
      reason,
    }))
    if (active.length === 0) {
      const content = fillText(texts.noneActive, {
        query: given === '' ? '' : texts.noneActiveQuery,
        hint: given === '' ? texts.noneActiveHint : '',
      })
      return {
        content,
        structured: { total: lorebook.entries.length, active: summary, shown: 0, cut: null, leftOut: [], badKeys },
      }
    }
    const parts: string[] = [
      fillText(texts.header, {
        active: counted(active.length, 'active entry', 'active entries'),
        total: counted(lorebook.entries.length, 'entry', 'entries'),
      }),
    ]
    let room = maxActivatedChars
    let shown = 0
    let cut: string | null = null
    const leftOut: ActiveEntry[] = []
    for (const item of active) {
      const content = item.entry.content.trim()
      if (leftOut.length > 0 || (content.length > room && room < minCutChars)) {
        leftOut.push(item)
        continue
      }
      if (content.length > room) {
        const values = {
          shown: formatCount(room),
          total: formatCount(content.length),
          max: formatCount(maxActivatedChars),
        }
        parts.push(`${heading(item)}\n${content.slice(0, room)}\n${fillText(texts.entryCut, values)}`)
        cut = item.entry.id
        shown += 1
        room = 0
        continue
      }
      parts.push(`${heading(item)}\n${content}`)
      room -= content.length
      shown += 1
    }
    if (leftOut.length > 0) {
      const ids = leftOut
        .map(({ entry }) => (entry.title === undefined ? entry.id : `${entry.title} (${entry.id})`))
        .join(', ')
      parts.push(
        fillText(texts.leftOut, {
          count: counted(leftOut.length, 'entry', 'entries'),
          max: formatCount(maxActivatedChars),
          ids,
        }),
      )
    }
    const structured = {
      total: lorebook.entries.length,
      active: summary,
      shown,
      cut,
      leftOut: leftOut.map(({ entry }) => entry.id),
      badKeys,
    }
    return { content: parts.join('\n\n'), structured }
  },
  renderToolUseMessage: ({ query }) =>
    query === undefined || query.trim() === ''
      ? 'Read active lorebook entries'
      : `Look up lorebook entries for "${query}"`,
  renderToolResultMessage: (output) =>
    `${counted((output.structured?.active as unknown[] | undefined)?.length ?? 0, 'active entry', 'active entries')}`,
})

function heading({ entry, reason }: ActiveEntry): string {
  const name =
    entry.title === undefined || entry.title.trim() === '' ? `id ${entry.id}` : `${entry.title.trim()} (id ${entry.id})`
  const why =
    reason.kind === 'constant'
      ? texts.whyConstant
      : reason.secondaryKey === undefined
        ? fillText(texts.whyKey, { key: reason.key })
        : fillText(texts.whyKeySecondary, { key: reason.key, secondary: reason.secondaryKey })
  return `## ${name} — ${why}`
}

import { z } from 'zod'
import { defineTool, type AnyToolDefinition } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { loadText } from '../../text/model-text.js'
import { StoreError } from '../../store/store-error.js'
import { memoryLimits } from '../../store/memories.js'
import { formatMemories, formatMemory } from './format-memory.js'

/** Store problems caused by the input (empty text, too many tags, unknown id) are the model's to fix. */
function modelError(error: unknown): never {
  if (error instanceof StoreError && (error.code === 'store.invalid_value' || error.code === 'store.not_found')) {
    throw new ToolError(error.code === 'store.not_found' ? 'memory.not_found' : 'memory.invalid', `${error.message}.`)
  }
  throw error
}

const tags = z.array(z.string().min(1).max(memoryLimits.tagChars)).max(memoryLimits.tags)
/** Memory ids are short (`mem_` and 20 hex digits); a longer one is refused before it is echoed back in a not-found message. */
const memoryId = z.string().min(1).max(64)

/** `memory.write`: saves or replaces a memory of the invocation's owner. */
export const memoryWriteTool = defineTool({
  name: 'memory.write',
  description: loadText(import.meta.url, 'memory-write.description.md'),
  inputSchema: z.object({
    text: z.string().min(1).max(memoryLimits.textChars).describe('What to remember.'),
    tags: tags.optional().describe('Words to find it by, e.g. ["preference", "travel"].'),
    id: memoryId.optional().describe('An existing memory to replace.'),
  }),
  call: async ({ text, tags: given, id }, ctx) => {
    try {
      const memory = ctx.memory.write({
        text,
        ...(given !== undefined && { tags: given }),
        ...(id !== undefined && { id }),
      })
      return { content: `${id === undefined ? 'Saved' : 'Replaced'} ${memory.id}.`, structured: { memory } }
    } catch (error) {
      return modelError(error)
    }
  },
  renderToolUseMessage: ({ text }) => `Remember "${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`,
  renderToolResultMessage: (output) => output.content,
})

/** `memory.read`: one memory by id, or the newest. */
export const memoryReadTool = defineTool({
  name: 'memory.read',
  description: loadText(import.meta.url, 'memory-read.description.md'),
  inputSchema: z.object({
    id: memoryId.optional(),
    tag: z.string().max(memoryLimits.tagChars).optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(memoryLimits.readLimit)
      .optional()
      .describe('Most memories to return; default 20.'),
  }),
  annotations: { readOnly: true },
  call: async ({ id, tag, limit = 20 }, ctx) => {
    const memories = ctx.memory.read({ ...(id !== undefined && { id }), ...(tag !== undefined && { tag }), limit })
    if (id !== undefined && memories.length === 0) throw new ToolError('memory.not_found', `There is no memory ${id}.`)
    return { content: formatMemories(memories, 'No memories saved yet.'), structured: { memories } }
  },
  renderToolUseMessage: ({ id, tag }) =>
    id !== undefined ? `Read memory ${id}` : tag !== undefined ? `Read memories tagged ${tag}` : 'Read memories',
  renderToolResultMessage: (output) =>
    `${(output.structured?.memories as unknown[] | undefined)?.length ?? 0} memories`,
})

/** `memory.search`: ranked full-text search over the owner's memories. */
export const memorySearchTool = defineTool({
  name: 'memory.search',
  description: loadText(import.meta.url, 'memory-search.description.md'),
  inputSchema: z.object({
    query: z.string().min(1).describe('Words to look for.'),
    tags: tags.optional(),
    limit: z.number().int().min(1).max(50).optional().describe('Most results; default 10.'),
  }),
  annotations: { readOnly: true },
  call: async ({ query, tags: wanted, limit = 10 }, ctx) => {
    const matches = ctx.memory.search(query, { ...(wanted !== undefined && { tags: wanted }), limit })
    const content =
      matches.length === 0 ? `No memory matches "${query}".` : matches.map((m) => formatMemory(m)).join('\n\n')
    return { content, structured: { matches } }
  },
  renderToolUseMessage: ({ query }) => `Search memories for "${query}"`,
  renderToolResultMessage: (output) => `${(output.structured?.matches as unknown[] | undefined)?.length ?? 0} found`,
})

/** `memory.delete`: removes one memory. */
export const memoryDeleteTool = defineTool({
  name: 'memory.delete',
  description: loadText(import.meta.url, 'memory-delete.description.md'),
  inputSchema: z.object({ id: memoryId }),
  annotations: { destructive: true },
  call: async ({ id }, ctx) => {
    if (!ctx.memory.delete(id))
      throw new ToolError(
        'memory.not_found',
        `There is no memory ${id}; find ids with ${ctx.alias('builtin:memory.search')}.`,
      )
    return { content: `Deleted ${id}.`, structured: { id } }
  },
  renderToolUseMessage: ({ id }) => `Forget ${id}`,
  renderToolResultMessage: (output) => output.content,
})

/** The builtin memory tools. */
export const memoryTools: readonly AnyToolDefinition[] = [
  memoryReadTool,
  memorySearchTool,
  memoryWriteTool,
  memoryDeleteTool,
]

import type { Memory } from '../../memory/memory-types.js'

/** One memory as the model reads it: id, date, tags, then the text. */
export function formatMemory(memory: Memory & { readonly score?: number }): string {
  const date = new Date(memory.updatedAt).toISOString().slice(0, 16).replace('T', ' ')
  const tags = memory.tags.length === 0 ? '' : ` [${memory.tags.join(', ')}]`
  return `${memory.id} (${date} UTC)${tags}\n${memory.text}`
}

/** Several memories, or a plain note when there are none. */
export function formatMemories(memories: readonly Memory[], none: string): string {
  return memories.length === 0 ? none : memories.map((m) => formatMemory(m)).join('\n\n')
}

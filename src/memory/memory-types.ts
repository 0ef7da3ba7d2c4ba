/** One memory: a piece of text an owner (a user or a conversation) keeps across runs. */
export interface Memory {
  readonly id: string
  readonly owner: string
  readonly text: string
  readonly tags: readonly string[]
  /** Epoch ms. */
  readonly createdAt: number
  readonly updatedAt: number
}

/** A memory found by a search, with its rank (higher is better). */
export interface MemoryMatch extends Memory {
  readonly score: number
}

/** The memories of one owner, as tools see them. */
export interface OwnerMemory {
  readonly owner: string
  /** Creates a memory, or replaces the text and tags of the memory `id`. */
  write(memory: { readonly id?: string; readonly text: string; readonly tags?: readonly string[] }): Memory
  /** Memories by id, or the newest first (optionally with a tag). */
  read(query?: { readonly id?: string; readonly tag?: string; readonly limit?: number }): Memory[]
  /** Ranked full-text search. */
  search(query: string, options?: { readonly tags?: readonly string[]; readonly limit?: number }): MemoryMatch[]
  /** Deletes a memory; false when there was none. */
  delete(id: string): boolean
}

import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import type { Memory, MemoryMatch, OwnerMemory } from '../memory/memory-types.js'
import { newId } from './ids.js'
import { RowReader, type Row } from './row-reader.js'
import { StoreError } from './store-error.js'

/** Longest memory text, and most tags, a memory may hold. */
export const memoryLimits = { textChars: 20_000, tags: 20, tagChars: 64, readLimit: 100 } as const

const tagList = z.array(z.string())

/**
 * The memories table, one owner at a time: `memories(owner)` gives the view tools use. Search
 * ranks with SQLite FTS5 (BM25, Porter stemming) over text and tags.
 */
export function memoryTable(db: DatabaseSync, now: () => number): (owner: string) => OwnerMemory {
  const insert = db.prepare(
    'INSERT INTO memories (id, owner, text, tags, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  )
  const update = db.prepare('UPDATE memories SET text = ?, tags = ?, updated_at = ? WHERE id = ? AND owner = ?')
  const byId = db.prepare(
    'SELECT id, owner, text, tags, created_at, updated_at FROM memories WHERE id = ? AND owner = ?',
  )
  const newest = db.prepare(
    'SELECT id, owner, text, tags, created_at, updated_at FROM memories WHERE owner = ? ORDER BY updated_at DESC, rowid DESC LIMIT ?',
  )
  const newestTagged = db.prepare(`SELECT id, owner, text, tags, created_at, updated_at FROM memories
    WHERE owner = ? AND EXISTS (SELECT 1 FROM json_each(memories.tags) WHERE value = ?) ORDER BY updated_at DESC, rowid DESC LIMIT ?`)
  const search =
    db.prepare(`SELECT m.id, m.owner, m.text, m.tags, m.created_at, m.updated_at, bm25(memories_fts) AS rank
    FROM memories_fts JOIN memories m ON m.rowid = memories_fts.rowid
    WHERE memories_fts MATCH ? AND m.owner = ? ORDER BY rank LIMIT ?`)
  const remove = db.prepare('DELETE FROM memories WHERE id = ? AND owner = ?')

  return (owner) => {
    if (owner.trim() === '') throw new StoreError('store.invalid_value', 'a memory owner must not be empty')
    return {
      owner,
      write({ id, text, tags = [] }) {
        const cleanTags = checkMemory(text, tags)
        const at = now()
        if (id !== undefined) {
          if (Number(update.run(text, JSON.stringify(cleanTags), at, id, owner).changes) === 0)
            throw new StoreError('store.not_found', `no memory ${id} of ${owner}`)
          return read(byId.get(id, owner) as Row)
        }
        const created = newId('mem')
        insert.run(created, owner, text, JSON.stringify(cleanTags), at, at)
        return read(byId.get(created, owner) as Row)
      },
      read({ id, tag, limit = memoryLimits.readLimit } = {}) {
        const count = Math.min(Math.max(1, limit), memoryLimits.readLimit)
        if (id !== undefined) {
          const row = byId.get(id, owner)
          return row === undefined ? [] : [read(row)]
        }
        return (tag === undefined ? newest.all(owner, count) : newestTagged.all(owner, tag, count)).map(read)
      },
      search(query, { tags, limit = 10 } = {}) {
        const match = ftsQuery(query)
        if (match === '') return []
        const rows = search.all(
          match,
          owner,
          Math.min(Math.max(1, limit), memoryLimits.readLimit) * (tags === undefined ? 1 : 5),
        )
        const found: MemoryMatch[] = rows.map((row) => ({ ...read(row), score: -Number(row.rank) }))
        const filtered = tags === undefined ? found : found.filter((m) => tags.every((t) => m.tags.includes(t)))
        return filtered.slice(0, limit)
      },
      delete(id) {
        return Number(remove.run(id, owner).changes) > 0
      },
    }
  }
}

function read(row: Row): Memory {
  const r = new RowReader(row, `memories row id=${String(row.id)}`)
  return {
    id: r.text('id'),
    owner: r.text('owner'),
    text: r.text('text'),
    tags: r.json('tags', tagList),
    createdAt: r.integer('created_at'),
    updatedAt: r.integer('updated_at'),
  }
}

function checkMemory(text: string, tags: readonly string[]): string[] {
  if (text.trim() === '') throw new StoreError('store.invalid_value', 'a memory needs some text')
  if (text.length > memoryLimits.textChars)
    throw new StoreError(
      'store.invalid_value',
      `a memory holds at most ${memoryLimits.textChars} characters, not ${text.length}`,
    )
  if (tags.length > memoryLimits.tags)
    throw new StoreError('store.invalid_value', `a memory has at most ${memoryLimits.tags} tags`)
  const clean = [...new Set(tags.map((t) => t.trim().toLowerCase()))].filter((t) => t !== '')
  const long = clean.find((t) => t.length > memoryLimits.tagChars)
  if (long !== undefined)
    throw new StoreError(
      'store.invalid_value',
      `tag "${long.slice(0, 20)}…" is longer than ${memoryLimits.tagChars} characters`,
    )
  return clean
}

/**
 * Turns free text into an FTS5 query: each word quoted (so operators and punctuation in the text
 * are never syntax), as a prefix, any word may match; BM25 ranks memories with more of them first.
 */
export function ftsQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []
  return words
    .slice(0, 32)
    .map((w) => `"${w}"*`)
    .join(' OR ')
}

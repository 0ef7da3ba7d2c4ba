import type { SnapshotBinding } from '../snapshot/snapshot-binding.js'
import { RankedIndex, type IndexedField, type QueryAlternative } from './bm25-index.js'
import { defaultSynonyms, type SynonymTable } from './synonyms.js'
import { isStopWord, terms, words } from './tokenize.js'
import { stem } from './stem.js'

/** One search match: the binding and its score (higher is better). */
export interface DeferredMatch {
  readonly binding: SnapshotBinding
  readonly score: number
}

/** How much a term counts by where it sits in a tool: its name tells most. */
const fieldWeights = { name: 3, title: 2, description: 1, parameterName: 1, parameterText: 0.5 } as const
/** How much a query word's alternatives count against the word itself. */
const alternativeWeights = { synonym: 0.7, prefix: 0.6 } as const
/** Shortest query word that also matches longer words it begins. */
const minPrefixLength = 3
/** Most vocabulary terms one prefix expands to. */
const maxPrefixExpansions = 30
/** How deep parameter names and descriptions are read from a schema. */
const maxSchemaDepth = 4

/**
 * The search index over the deferred tools of one snapshot (DESIGN §12): names (split at `_`,
 * `.`, `-` and camelCase), titles, descriptions, parameter names and their descriptions, ranked by
 * BM25; query words are stemmed and widened by synonyms and by prefix.
 */
export class DeferredIndex {
  readonly #bindings: readonly SnapshotBinding[]
  readonly #byAlias: ReadonlyMap<string, number>
  readonly #index: RankedIndex
  readonly #synonyms: SynonymTable

  constructor(bindings: readonly SnapshotBinding[], synonyms: SynonymTable = defaultSynonyms) {
    this.#bindings = bindings
    this.#synonyms = synonyms
    this.#byAlias = new Map(bindings.map((binding, i) => [binding.alias.toLowerCase(), i]))
    this.#index = new RankedIndex(bindings.map(documentOf))
  }

  /** Number of tools indexed. */
  get size(): number {
    return this.#bindings.length
  }

  /**
   * The best matches for a query, best first. A query that is exactly a tool's alias or id finds
   * that tool first.
   */
  search(query: string, limit: number): DeferredMatch[] {
    const exact = this.#exactMatch(query)
    const hits = this.#index.search(this.#slots(query), limit + 1)
    const matches: DeferredMatch[] = exact === undefined ? [] : [{ binding: exact, score: Infinity }]
    for (const hit of hits) {
      const binding = this.#bindings[hit.doc]
      if (binding !== undefined && binding !== exact) matches.push({ binding, score: hit.score })
    }
    return matches.slice(0, limit)
  }

  #exactMatch(query: string): SnapshotBinding | undefined {
    const key = query.trim().toLowerCase()
    const index = this.#byAlias.get(key)
    if (index !== undefined) return this.#bindings[index]
    return this.#bindings.find((binding) => binding.toolId.toLowerCase() === key)
  }

  /**
   * One slot per query word: the word's stem, its synonyms, and longer indexed words it begins.
   * A word that is a synonym of an earlier one joins that word's slot, so "book a meeting" does not
   * count the calendar vocabulary twice.
   */
  #slots(query: string): QueryAlternative[][] {
    const slots: Map<string, number>[] = []
    for (const word of words(query)) {
      if (isStopWord(word)) continue
      const term = stem(word)
      if (slots.some((alternatives) => alternatives.get(term) === 1)) continue
      const slot = new Map<string, number>()
      slots.push(slot)
      const add = (other: string, weight: number) => {
        if ((slot.get(other) ?? 0) < weight) slot.set(other, weight)
      }
      add(term, 1)
      for (const synonym of this.#synonyms.get(term) ?? []) add(synonym, alternativeWeights.synonym)
      // The stem and the word may differ ("repos" → "repo" begins "repository"); a stem shorter than
      // the word is only trusted from four letters ("take" → "tak" must not find "task").
      for (const prefix of new Set([word, term])) {
        if (prefix.length < (prefix === word ? minPrefixLength : minPrefixLength + 1)) continue
        for (const longer of this.#index.termsWithPrefix(prefix, maxPrefixExpansions))
          add(longer, alternativeWeights.prefix)
      }
    }
    return slots.map((slot) => [...slot].map(([term, weight]) => ({ term, weight })))
  }
}

function documentOf(binding: SnapshotBinding): IndexedField[] {
  const parameterNames: string[] = []
  const parameterText: string[] = []
  collectParameters(binding.inputSchema, 0, parameterNames, parameterText)
  const fields: IndexedField[] = [
    { terms: terms(binding.alias), weight: fieldWeights.name },
    { terms: terms(binding.description), weight: fieldWeights.description },
    { terms: parameterNames, weight: fieldWeights.parameterName },
    { terms: parameterText, weight: fieldWeights.parameterText },
  ]
  if (binding.annotations.title !== undefined)
    fields.push({ terms: terms(binding.annotations.title), weight: fieldWeights.title })
  return fields
}

function collectParameters(schema: unknown, depth: number, names: string[], text: string[]): void {
  if (!isRecord(schema) || depth > maxSchemaDepth) return
  if (typeof schema.description === 'string' && depth > 0) text.push(...terms(schema.description))
  if (Array.isArray(schema.enum))
    for (const value of schema.enum) if (typeof value === 'string') text.push(...terms(value))
  if (isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      names.push(...terms(name))
      collectParameters(child, depth + 1, names, text)
    }
  }
  if (isRecord(schema.items)) collectParameters(schema.items, depth + 1, names, text)
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key]
    if (Array.isArray(list)) for (const child of list) collectParameters(child, depth + 1, names, text)
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

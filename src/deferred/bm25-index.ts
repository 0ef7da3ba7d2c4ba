/**
 * A small ranked full-text index: documents made of weighted fields of terms, scored with BM25
 * over field-weighted term frequencies (BM25F-style), and a sorted vocabulary for prefix lookups.
 * Queries are lists of slots, each slot one query word with weighted alternatives (the word, its
 * synonyms, words it prefixes); a slot scores a document by its best alternative, so a word and
 * its synonym in one document are not counted twice.
 */

/** One field of a document: its terms and how much a term found there counts. */
export interface IndexedField {
  readonly terms: readonly string[]
  readonly weight: number
}

/** One alternative of a query slot: a term and its weight (1 for the query word itself). */
export interface QueryAlternative {
  readonly term: string
  readonly weight: number
}

/** A document's score for a query. */
export interface RankedHit {
  readonly doc: number
  readonly score: number
  /** How many query slots the document matched. */
  readonly matchedSlots: number
}

interface Posting {
  readonly docs: number[]
  readonly tf: number[]
}

/** BM25 saturation and length normalization, at their usual values. */
const k1 = 1.2
const b = 0.75

/** An immutable index over documents numbered from 0 in the order given. */
export class RankedIndex {
  readonly #postings = new Map<string, Posting>()
  readonly #length: Float64Array
  readonly #averageLength: number
  #vocabulary: string[] | undefined

  constructor(documents: readonly (readonly IndexedField[])[]) {
    this.#length = new Float64Array(documents.length)
    let total = 0
    for (const [doc, fields] of documents.entries()) {
      const weighted = new Map<string, number>()
      let length = 0
      for (const { terms, weight } of fields) {
        for (const term of terms) weighted.set(term, (weighted.get(term) ?? 0) + weight)
        length += terms.length * weight
      }
      for (const [term, tf] of weighted) {
        let posting = this.#postings.get(term)
        if (posting === undefined) this.#postings.set(term, (posting = { docs: [], tf: [] }))
        posting.docs.push(doc)
        posting.tf.push(tf)
      }
      this.#length[doc] = length
      total += length
    }
    this.#averageLength = documents.length === 0 || total === 0 ? 1 : total / documents.length
  }

  /** Number of documents. */
  get size(): number {
    return this.#length.length
  }

  /** True when some document has `term`. */
  has(term: string): boolean {
    return this.#postings.has(term)
  }

  /** Indexed terms that start with `prefix` (and are longer), at most `max`, in order. */
  termsWithPrefix(prefix: string, max: number): string[] {
    // Sorted once, on the first prefix query: building the index stays a single pass.
    const vocabulary = (this.#vocabulary ??= [...this.#postings.keys()].sort())
    let low = 0
    let high = vocabulary.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((vocabulary[mid] ?? '') < prefix) low = mid + 1
      else high = mid
    }
    const found: string[] = []
    for (let i = low; i < vocabulary.length && found.length < max; i++) {
      const term = vocabulary[i] ?? ''
      if (!term.startsWith(prefix)) break
      if (term !== prefix) found.push(term)
    }
    return found
  }

  /**
   * Ranks documents for query slots, best first; documents that match nothing are left out. In
   * each document a term counts for one slot only (the first that uses it), so two query words
   * that share a synonym do not both score with it.
   */
  search(slots: readonly (readonly QueryAlternative[])[], limit: number): RankedHit[] {
    const total = new Map<number, { score: number; matchedSlots: number; used: Set<string> }>()
    for (const alternatives of slots) {
      const candidates = new Map<number, { term: string; score: number }[]>()
      for (const { term, weight } of alternatives) {
        const posting = this.#postings.get(term)
        if (posting === undefined) continue
        const idf = Math.log(1 + (this.size - posting.docs.length + 0.5) / (posting.docs.length + 0.5))
        for (let i = 0; i < posting.docs.length; i++) {
          const doc = posting.docs[i] ?? 0
          const tf = posting.tf[i] ?? 0
          const norm = k1 * (1 - b + (b * (this.#length[doc] ?? 0)) / this.#averageLength)
          const score = weight * idf * ((tf * (k1 + 1)) / (tf + norm))
          let list = candidates.get(doc)
          if (list === undefined) candidates.set(doc, (list = []))
          list.push({ term, score })
        }
      }
      for (const [doc, list] of candidates) {
        let entry = total.get(doc)
        let best: { term: string; score: number } | undefined
        for (const candidate of list) {
          if (entry?.used.has(candidate.term) === true) continue
          if (best === undefined || candidate.score > best.score) best = candidate
        }
        if (best === undefined) continue
        if (entry === undefined) total.set(doc, (entry = { score: 0, matchedSlots: 0, used: new Set() }))
        entry.score += best.score
        entry.matchedSlots += 1
        entry.used.add(best.term)
      }
    }
    const hits: RankedHit[] = [...total].map(([doc, { score, matchedSlots }]) => ({ doc, score, matchedSlots }))
    hits.sort((x, y) => y.score - x.score || x.doc - y.doc)
    return hits.slice(0, limit)
  }
}

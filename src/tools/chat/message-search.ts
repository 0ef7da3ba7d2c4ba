import { RankedIndex, type QueryAlternative } from '../../deferred/bm25-index.js'
import { terms } from '../../deferred/tokenize.js'
import type { ChatMessage } from '../../tool/run-services.js'

/**
 * Ranked search over the messages of a conversation: BM25 over each message's text (and, at a
 * lower weight, its author's name), with the light normalization of the deferred-tool index
 * (lower case, camelCase and hyphen splits, stop words dropped, stemming) plus accents folded
 * ("café" finds "cafe"). A query word also finds longer indexed words it begins, at half weight.
 */

/** One ranked message. */
export interface MessageHit {
  /** 0-based index of the message in the conversation. */
  readonly index: number
  readonly score: number
  /** How many query words the message matched. */
  readonly matchedWords: number
  /** Up to `snippetChars` characters around the best match, white space collapsed. */
  readonly snippet: string
}

/** The result of a search: all matching messages, best first (score, then the newer message). */
export interface MessageSearch {
  /** The query's terms; empty when it has only stop words. */
  readonly queryTerms: readonly string[]
  readonly hits: readonly MessageHit[]
}

const nameWeight = 0.5
const prefixWeight = 0.5
const prefixExpansions = 8
const minPrefixLength = 3

/** Search terms of a text with accents folded. */
export function searchTerms(text: string): string[] {
  return terms(text.normalize('NFKD').replace(/\p{M}+/gu, ''))
}

/** Ranks `messages` for `query`; `snippetChars` bounds each snippet. */
export function searchMessages(messages: readonly ChatMessage[], query: string, snippetChars: number): MessageSearch {
  const queryTerms = [...new Set(searchTerms(query))]
  if (queryTerms.length === 0) return { queryTerms, hits: [] }
  const index = new RankedIndex(
    messages.map((message) => [
      { terms: searchTerms(message.text), weight: 1 },
      { terms: searchTerms(message.name ?? ''), weight: nameWeight },
    ]),
  )
  const matchable = new Set<string>()
  const slots = queryTerms.map((term) => {
    const alternatives: QueryAlternative[] = [{ term, weight: 1 }]
    matchable.add(term)
    if (term.length >= minPrefixLength) {
      for (const longer of index.termsWithPrefix(term, prefixExpansions)) {
        alternatives.push({ term: longer, weight: prefixWeight })
        matchable.add(longer)
      }
    }
    return alternatives
  })
  const ranked = index.search(slots, index.size)
  // Equal scores: the newer message first, as recent talk is the likelier target.
  ranked.sort((x, y) => y.score - x.score || y.doc - x.doc)
  const hits = ranked.map((hit) => ({
    index: hit.doc,
    score: hit.score,
    matchedWords: hit.matchedSlots,
    snippet: snippetOf(messages[hit.doc]?.text ?? '', matchable, snippetChars),
  }))
  return { queryTerms, hits }
}

/** Characters of context shown before the best match. */
const lead = 80
/** Span within which matches of different query words count as close together. */
const cluster = 160

/**
 * The part of `text` around its best match: the place where the most different query terms occur
 * close together (the first such place on ties), white space collapsed, cut at word boundaries
 * with `…` marking cuts. Without a match in the text (the name matched), the text's beginning.
 */
export function snippetOf(text: string, matchable: ReadonlySet<string>, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const matches: { pos: number; term: string }[] = []
  for (const token of flat.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)) {
    for (const term of searchTerms(token[0])) {
      if (matchable.has(term)) matches.push({ pos: token.index, term })
    }
  }
  let best = 0
  let bestDistinct = 0
  for (let i = 0; i < matches.length; i++) {
    const from = matches[i]?.pos ?? 0
    const distinct = new Set<string>()
    for (let j = i; j < matches.length && (matches[j]?.pos ?? 0) <= from + cluster; j++)
      distinct.add(matches[j]?.term ?? '')
    if (distinct.size > bestDistinct) {
      best = from
      bestDistinct = distinct.size
    }
  }
  return cutAround(flat, best, max)
}

/** At most `max` characters of `flat` (a single line) showing position `pos`, `…` at cut ends. */
function cutAround(flat: string, pos: number, max: number): string {
  let start = Math.min(Math.max(0, pos - lead), flat.length - (max - 1))
  if (start > 0) {
    const space = flat.indexOf(' ', start)
    if (space !== -1 && space < pos) start = space + 1
  }
  const head = start > 0 ? '…' : ''
  let end = start + max - head.length
  let tail = ''
  if (end < flat.length) {
    end -= 1
    const space = flat.lastIndexOf(' ', end)
    if (space > pos) end = space
    tail = '…'
  } else {
    end = flat.length
  }
  return `${head}${flat.slice(start, end).trim()}${tail}`
}

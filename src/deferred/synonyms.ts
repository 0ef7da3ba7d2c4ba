import { loadText } from '../text/model-text.js'
import { stem } from './stem.js'

/**
 * The synonym table (synonyms.txt beside this file: one group of words per line) as a map from a
 * stemmed term to the other stems of its groups. A word may sit in several groups.
 */
export type SynonymTable = ReadonlyMap<string, readonly string[]>

/**
 * Parses synonym groups: one group per line, words separated by spaces, `#` starts a comment.
 * @example parseSynonyms('get fetch\n# note\nfile doc').get('fetch') // ['get']
 */
export function parseSynonyms(text: string): SynonymTable {
  const table = new Map<string, Set<string>>()
  for (const line of text.split('\n')) {
    const group = [
      ...new Set(
        line
          .replace(/#.*/, '')
          .trim()
          .toLowerCase()
          .split(/\s+/)
          .filter((w) => w !== '')
          .map(stem),
      ),
    ]
    for (const term of group) {
      const others = table.get(term) ?? new Set<string>()
      for (const other of group) if (other !== term) others.add(other)
      table.set(term, others)
    }
  }
  return new Map([...table].map(([term, others]) => [term, [...others]]))
}

/** The table shipped with toolhost. */
export const defaultSynonyms: SynonymTable = parseSynonyms(loadText(import.meta.url, 'synonyms.txt'))

/**
 * A light English stemmer for tool vocabulary: it folds plurals, `-ed`, `-ing`, `-ly`, `-ment` and
 * `-ation` onto one stem so that "creates", "created", "creating" and "creation" meet at "creat".
 * Deliberately conservative: tool text is short, and a wrong merge costs more than a missed one.
 */

const vowel = /[aeiouy]/

/**
 * The stem of one lower-case word. Words of three letters or fewer, numbers and words without a
 * vowel are kept as they are.
 * @example stem('repositories') // 'repository'
 * @example stem('creating') // 'creat'
 */
export function stem(word: string): string {
  if (word.length <= 3) return word
  let known = cache.get(word)
  if (known === undefined) {
    // Tool vocabulary is small and repetitive: a bounded cache makes indexing thousands of tools cheap.
    if (cache.size >= maxCached) cache.clear()
    cache.set(word, (known = stemUncached(word)))
  }
  return known
}

const cache = new Map<string, string>()
const maxCached = 50_000

function stemUncached(word: string): string {
  if (!vowel.test(word) || /\d/.test(word)) return word
  let w = stripPlural(word)
  w = stripVerbEnding(w)
  w = stripDerivation(w)
  // A final silent e ("create", "delete", "issue") goes, so the verb forms above meet the base word.
  if (w.length > 3 && w.endsWith('e') && !w.endsWith('ee')) w = w.slice(0, -1)
  return w
}

function stripPlural(w: string): string {
  if (w.endsWith("'s")) return w.slice(0, -2)
  if (w.endsWith('sses')) return w.slice(0, -2)
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`
  if (/(?:[sxz]|ch|sh)es$/.test(w) && w.length > 4) return w.slice(0, -2)
  // "status", "analysis", "news" and "ss" words are not plurals.
  if (w.endsWith('s') && !/(?:ss|us|is|ws)$/.test(w)) return w.slice(0, -1)
  return w
}

function stripVerbEnding(w: string): string {
  for (const ending of ['ing', 'ed']) {
    if (!w.endsWith(ending)) continue
    const base = w.slice(0, -ending.length)
    // "ring" or "red" have no stem with a vowel left; keep them.
    if (base.length < 3 || !vowel.test(base)) return w
    // "stopped" → "stop", but "called" → "call" keeps its double l.
    if (/([bdgmnprt])\1$/.test(base)) return base.slice(0, -1)
    return base
  }
  return w
}

function stripDerivation(w: string): string {
  if (w.endsWith('ly') && w.length > 5) return w.slice(0, -2)
  if (w.endsWith('ment') && w.length - 4 >= 5) return w.slice(0, -4)
  // "creation" → "creat", "notification" → "notificat": one stem with the verb's "creat(e)".
  if (w.endsWith('ation') && w.length - 5 >= 3) return `${w.slice(0, -5)}at`
  return w
}

/**
 * Near-miss suggestions for a mistyped name: case- and separator-insensitive equality first, then
 * the smallest edit distance within a third of the name's length.
 */
export function didYouMean(name: string, candidates: readonly string[], max = 3): string[] {
  const fold = (s: string) => s.toLowerCase().replace(/[._\-\s]/g, '')
  const folded = fold(name)
  const exact = candidates.filter((c) => fold(c) === folded)
  if (exact.length > 0) return exact.slice(0, max)
  const limit = Math.max(2, Math.floor(name.length / 3))
  return candidates
    .map((candidate) => ({ candidate, distance: editDistance(folded, fold(candidate)) }))
    .filter(
      ({ candidate, distance }) =>
        distance <= limit || (fold(candidate).length >= 4 && folded.endsWith(fold(candidate))),
    )
    .sort((a, b) => a.distance - b.distance || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, max)
    .map(({ candidate }) => candidate)
}

/** Levenshtein distance, O(|a|·|b|) with one row. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
    }
    previous = current
  }
  return previous[b.length] ?? 0
}

/** What every benchmark module shares: the row it reports and how it times a measure. */

/** The unit of a row's two figures. */
export type BenchUnit = 'ms' | 'µs' | 'MB'

/**
 * Reports one row: toolhost's figure beside the reference's, measured in the same run. The ratio
 * toolhost / reference is what the table prints and what a target is set on.
 */
export type BenchReport = (
  name: string,
  toolhost: number,
  referenceName: string,
  reference: number,
  unit?: BenchUnit,
) => void

/** Milliseconds `fn` takes, once. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

/** Median of `runs` timings of `fn` (at least 5 unless a measure is too long to repeat). */
export async function median(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push(await time(fn))
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0
}

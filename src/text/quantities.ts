/** Numbers, counts and sizes as people and models read them. */

/**
 * A number with thousands separators. Formatted by hand: `toLocaleString` builds a number format on
 * every call, a cost paid on every line of a search result.
 * @example formatCount(1200) // '1,200'
 */
export function formatCount(n: number): string {
  const [whole = '', fraction] = String(n).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/**
 * A count with its noun, plural by adding `s` unless `plural` is given.
 * @example counted(2300, 'match', 'matches') // '2,300 matches'
 */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : plural}`
}

/**
 * A file size in words: `812 bytes`, `3.4 KiB`, `256 KiB`.
 * @example formatBytes(262144) // '256 KiB'
 */
export function formatBytes(n: number): string {
  if (n < 1024) return counted(n, 'byte')
  const [value, unit] = scaled(n, ['KiB', 'MiB', 'GiB', 'TiB'])
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`
}

/**
 * A compact file size for listings: `0 B`, `1.5 KB`.
 * @example formatSizeShort(1536) // '1.5 KB'
 */
export function formatSizeShort(n: number): string {
  if (n < 1024) return `${n} B`
  const [value, unit] = scaled(n, ['KB', 'MB', 'GB', 'TB'])
  return `${value.toFixed(1)} ${unit}`
}

function scaled(n: number, units: readonly string[]): [number, string] {
  let value = n / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return [value, units[unit] ?? units[units.length - 1] ?? '']
}

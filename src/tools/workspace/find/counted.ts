/**
 * A count with its noun, for summaries the model reads.
 * @example counted(1, 'file') // '1 file'
 * @example counted(2300, 'match', 'matches') // '2,300 matches'
 */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  // By hand: toLocaleString builds a number format on every call, a cost on every search.
  return `${String(n).replace(/\B(?=(\d{3})+$)/g, ',')} ${n === 1 ? singular : plural}`
}

/**
 * A file size for people and models: bytes below 1 KB, else one decimal in KB, MB or GB.
 * @example formatSize(1536) // '1.5 KB'
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}

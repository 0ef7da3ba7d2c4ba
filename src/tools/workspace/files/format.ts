/** A number with thousands separators: `1,200`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}

/** `1 line`, `2 lines`: a count with its noun, plural by adding `s` unless `plural` is given. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : plural}`
}

/** A file size for people and models: `812 bytes`, `3.4 KiB`, `256 KiB`. */
export function formatBytes(n: number): string {
  if (n < 1024) return counted(n, 'byte')
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = n / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit] ?? 'TiB'}`
}

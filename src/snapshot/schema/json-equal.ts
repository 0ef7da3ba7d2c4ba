/** True when two JSON values are equal: same primitives, same array items in order, same object entries. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]))
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bRecord = b as Record<string, unknown>
  if (aKeys.length !== Object.keys(bRecord).length) return false
  const aRecord = a as Record<string, unknown>
  return aKeys.every((key) => Object.hasOwn(bRecord, key) && jsonEqual(aRecord[key], bRecord[key]))
}

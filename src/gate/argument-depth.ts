/**
 * Deepest nesting of objects and arrays a call's arguments may have. No tool needs more, and the
 * validators after the gate (schemas, strict-mode nulls, closed-schema checks) recurse: arguments
 * nested thousands deep would overflow the stack there.
 */
export const maxArgumentDepth = 64

/**
 * True when `value` nests objects or arrays more than `limit` levels deep (the top object is level
 * 1). Iterative, so no depth overflows the stack here.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ readonly value: unknown; readonly level: number }> = [{ value, level: 1 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.level > limit) return true
    for (const child of Object.values(next.value)) pending.push({ value: child, level: next.level + 1 })
  }
  return false
}

/** A stack overflow, as V8 reports it: the one RangeError a validator throws on hostile nesting. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message)
}

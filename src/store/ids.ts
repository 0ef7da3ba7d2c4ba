import { randomBytes } from 'node:crypto'
import { StoreError } from './store-error.js'

/**
 * A new id such as `run_3f9c0a1b2c3d4e5f6a7b`: the prefix, then 80 random bits in lowercase hex.
 * Lowercase because run ids name directories, and case-insensitive file systems (macOS, Windows)
 * would merge two ids that differ only in case.
 */
export function newId(prefix: 'run' | 'apr' | 'mem'): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`
}

// Letters, digits, `_`, `-`, `.`; starting with a letter or digit, so never `.`, `..` or a hidden name.
const safeId = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/

/**
 * Throws unless `id` can be used as a single path segment (no separators, no `..`, at most 128
 * characters). Every id that names a directory or file passes through here.
 */
export function checkSafeId(id: string, what: string): void {
  if (typeof id !== 'string' || !safeId.test(id)) {
    throw new StoreError(
      'store.invalid_value',
      `${what} ${JSON.stringify(id)} is not a safe id: use 1 to 128 letters, digits, "_", "-" or ".", starting with a letter or digit`,
    )
  }
}

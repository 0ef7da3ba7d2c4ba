import type { FileScan, ScanOptions } from './scan-file.js'

/** Work for a scan worker: search files, or read their modification times. */
export type ScanWork =
  | { readonly kind: 'scan'; readonly paths: readonly string[]; readonly options: ScanOptions }
  | { readonly kind: 'mtimes'; readonly paths: readonly string[] }

/** What a worker gives for each kind of work, one value per path, in order. */
export interface ScanWorkResult {
  readonly scan: FileScan[]
  /** Modification times (epoch ms), NaN for a path that is gone. */
  readonly mtimes: number[]
}

/**
 * A batch of work as sent to a worker, with its real host paths joined by NUL (which no path
 * holds): one flat string is copied at once, where an array of strings built by concatenation
 * would be flattened and copied one by one.
 */
export type ScanBatchRequest = { readonly id: number; readonly paths: string } & (
  { readonly kind: 'scan'; readonly options: ScanOptions } | { readonly kind: 'mtimes' }
)

/** Separates the paths of a {@link ScanBatchRequest}. */
export const pathSeparator = '\0'

/** A worker's answer to one batch, or why it failed. */
export type ScanBatchReply =
  { readonly id: number; readonly results: readonly unknown[] } | { readonly id: number; readonly error: string }

/**
 * The options as a worker receives them: structured cloning turns the literal's Buffer into a plain
 * Uint8Array, which is made a Buffer again (without copying) for Buffer.indexOf.
 */
export function revivedOptions(options: ScanOptions): ScanOptions {
  const { literal } = options.matcher
  if (literal === undefined || Buffer.isBuffer(literal)) return options
  const bytes = literal as Uint8Array
  return {
    ...options,
    matcher: { ...options.matcher, literal: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
  }
}

/** A searched file without matches: most of any search, sent as 0 rather than an object to copy. */
const nothingFound: FileScan = Object.freeze({
  kind: 'searched',
  matches: 0,
  lines: Object.freeze([]),
  timedOut: false,
})

/** A scan as a worker sends it. */
export function packedScan(scan: FileScan): FileScan | 0 {
  return scan.kind === 'searched' && scan.matches === 0 && !scan.timedOut ? 0 : scan
}

/** A scan as a worker sent it, unpacked. */
export function unpackedScan(packed: FileScan | 0): FileScan {
  return packed === 0 ? nothingFound : packed
}

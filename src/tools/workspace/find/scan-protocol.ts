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

/** A batch of work sent to a worker; `paths` are real host paths, as the walk gives them. */
export type ScanBatchRequest = ScanWork & { readonly id: number }

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

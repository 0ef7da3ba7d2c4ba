import { createHash } from 'node:crypto'
import { join, posix } from 'node:path'

/**
 * Where result files live. The same relative path names a file twice: under the run directory on
 * the host, and in the workspace the model sees (where `tool-results/` is mounted read-only).
 */

/** The folder, relative to the run directory and to the workspace root, that holds result files. */
export const RESULTS_FOLDER = 'tool-results'

/** Identifies the call a result file belongs to. */
export interface ResultFileOwner {
  readonly invocationId: string
  /** 1-based model round. */
  readonly round: number
  readonly callId: string
}

/**
 * The stem every file of one call shares: `round-NNN-call_<hex16>`, NNN the round zero-padded to
 * three digits, hex16 the first 8 bytes of SHA-256(callId) in lowercase hex. Hashing keeps the name
 * short and safe whatever characters the provider puts in call ids.
 * @throws RangeError when round is not a positive integer
 */
export function resultFileStem(round: number, callId: string): string {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`round must be a positive integer, got ${round}`)
  const hex16 = createHash('sha256').update(callId, 'utf8').digest('hex').slice(0, 16)
  return `round-${String(round).padStart(3, '0')}-call_${hex16}`
}

/**
 * The workspace path of a call's externalized text, e.g.
 * `tool-results/inv-1/round-003-call_9f86d081884c7d65.txt`. Pure; the `.json` beside it has the
 * same name with that extension.
 * @throws Error when invocationId cannot be a single path segment; RangeError for a bad round
 */
export function resultFileName(invocationId: string, round: number, callId: string): string {
  return resultPath(invocationId, `${resultFileStem(round, callId)}.txt`)
}

/** The workspace path of a file in the invocation's result folder. */
export function resultPath(invocationId: string, fileName: string): string {
  assertPathSegment(invocationId)
  return posix.join(RESULTS_FOLDER, invocationId, fileName)
}

/** The host path of a workspace result path under the run directory. */
export function hostResultPath(runDir: string, workspacePath: string): string {
  return join(runDir, ...workspacePath.split('/'))
}

/** Invocation ids become folder names, so one that could climb out of `tool-results/` is a bug upstream. */
function assertPathSegment(value: string): void {
  if (value === '' || value === '.' || value === '..' || /[/\\\0]/.test(value)) {
    throw new Error(`invocation id ${JSON.stringify(value)} cannot be used as a folder name`)
  }
}

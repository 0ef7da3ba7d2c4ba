import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The process tool specs a person has trusted, by absolute path, with the SHA-256 of the content
 * they trusted. A spec that is new, or changed since, runs nothing: writing a spec file (as a
 * model with file tools could) gives no tool. Kept in the data directory, out of every tool's reach.
 */
export interface TrustedSpecs {
  /** True when `file` was trusted with exactly this content hash. */
  has(file: string, sha256: string): boolean
}

/** Where the trusted hashes live. */
export function trustedSpecsFile(dataDir: string): string {
  return join(dataDir, 'trusted-tools.json')
}

/** The trusted specs as recorded now; none when the file is missing or unreadable. */
export function readTrustedSpecs(dataDir: string): TrustedSpecs {
  const recorded = readRecorded(trustedSpecsFile(dataDir))
  return { has: (file, sha256) => recorded[file] === sha256 }
}

/** Records `specs` as trusted (a later trust of the same file replaces its hash). Written owner-only. */
export function trustSpecs(
  dataDir: string,
  specs: readonly { readonly file: string; readonly sha256: string }[],
): void {
  const path = trustedSpecsFile(dataDir)
  const recorded = readRecorded(path)
  for (const spec of specs) recorded[spec.file] = spec.sha256
  mkdirSync(dirname(path), { recursive: true })
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  writeFileSync(temp, `${JSON.stringify({ version: 1, specs: recorded }, null, 2)}\n`, { mode: 0o600 })
  renameSync(temp, path)
}

function readRecorded(path: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return {}
  }
  const specs = (parsed as { specs?: unknown } | null)?.specs
  if (typeof specs !== 'object' || specs === null) return {}
  return Object.fromEntries(
    Object.entries(specs).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

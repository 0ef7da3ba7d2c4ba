import type { z } from 'zod'

/** Why stored state cannot be used: written by a newer toolhost, or not in any shape this build knows. */
export type StoredStateErrorCode = 'state.newer_version' | 'state.unreadable'

/**
 * Stored state (a checkpoint, a snapshot) that this build cannot read. The message is one line that
 * names the record and says what to do.
 */
export class StoredStateError extends Error {
  override readonly name = 'StoredStateError'
  readonly code: StoredStateErrorCode
  /** The version the record declares (1 for a record written before versions were stored), when it has a usable one. */
  readonly version: number | undefined

  constructor(code: StoredStateErrorCode, message: string, version?: number) {
    super(message)
    this.code = code
    this.version = version
  }
}

/**
 * A kind of stored state, versioned: records carry `version` (records from before versions were
 * stored have none and are version 1), each version has a schema, and migrations lift a parsed
 * record of version N to the input of version N + 1. `C` is what migrations may consult besides
 * the record (for a checkpoint, its invocation's snapshot).
 */
export interface VersionedFormat<T, C = undefined> {
  /** The version this build writes; records up to it are read. */
  readonly version: number
  /** The schema of {@link version}. */
  readonly schema: z.ZodType<T>
  /** The schemas of the older versions, from 1. */
  readonly olderSchemas: Readonly<Record<number, z.ZodType>>
  /** By the version they upgrade from: `N: (parsed) => input of version N + 1`. */
  readonly migrations: Readonly<Record<number, (parsed: unknown, context: C) => unknown>>
  /** What a newer toolhost lets the reader do, e.g. `resume it`. */
  readonly purpose: string
  /** What to do about a record that does not parse, e.g. `start a new invocation`. */
  readonly otherwise: string
}

/** What the messages of {@link StoredStateError} take from a format. */
type Wording = Pick<VersionedFormat<unknown>, 'version' | 'purpose' | 'otherwise'>

/** Issues shown in an unreadable record's message; the rest are counted. */
const shownIssues = 3

/**
 * Reads a stored record: checks its version, parses it with that version's schema, migrates it up
 * to the current version step by step, parsing each step's result.
 * @param subject names the record in messages, e.g. `Checkpoint of invocation inv_1`
 * @throws StoredStateError for a newer or invalid version, or a record that does not parse
 */
export function readVersionedState<T, C>(raw: unknown, format: VersionedFormat<T, C>, subject: string, context: C): T {
  const version = declaredVersion(raw, format, subject)
  const schemaOf = (v: number): z.ZodType | undefined => (v === format.version ? format.schema : format.olderSchemas[v])
  let data = parseAs(schemaOf(version), raw, version, format, subject)
  for (let from = version; from < format.version; from++) {
    const step = format.migrations[from]
    if (step === undefined) throw unreadable(format, subject, version, `no migration from version ${from}`)
    data = parseAs(schemaOf(from + 1), migrate(step, data, context, from, format, subject), version, format, subject)
  }
  return data as T
}

/** Runs one migration; one that cannot lift the record (it names something that no longer exists) makes it unreadable. */
function migrate<C>(
  step: (parsed: unknown, context: C) => unknown,
  data: unknown,
  context: C,
  from: number,
  format: Wording,
  subject: string,
): unknown {
  try {
    return step(data, context)
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error)
    throw unreadable(format, subject, from, `it cannot be migrated to version ${from + 1}: ${problem}`)
  }
}

function declaredVersion(raw: unknown, format: Wording, subject: string): number {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    const found = raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw
    throw unreadable(format, subject, undefined, `expected a JSON object, found ${found}`)
  }
  const version = (raw as { version?: unknown }).version
  if (version === undefined) return 1
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1)
    throw unreadable(
      format,
      subject,
      undefined,
      `version must be a whole number from 1, found ${JSON.stringify(version)}`,
    )
  if (version > format.version)
    throw new StoredStateError(
      'state.newer_version',
      `${subject} was written by a newer toolhost (version ${version}; this build reads up to ${format.version}). Upgrade toolhost to ${format.purpose}.`,
      version,
    )
  return version
}

function parseAs(
  schema: z.ZodType | undefined,
  value: unknown,
  version: number,
  format: Wording,
  subject: string,
): unknown {
  if (schema === undefined) throw unreadable(format, subject, version, `no schema for version ${version}`)
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues
  const shown = issues.slice(0, shownIssues).map((issue) => {
    const path = issue.path.map(String).join('.')
    return `${path === '' ? '(root)' : path}: ${issue.message.replace(/\s+/g, ' ')}`
  })
  const more = issues.length > shownIssues ? ` (and ${issues.length - shownIssues} more)` : ''
  throw unreadable(format, subject, version, `${shown.join('; ')}${more}`)
}

function unreadable(format: Wording, subject: string, version: number | undefined, problem: string): StoredStateError {
  const at = version === undefined ? '' : ` (version ${version})`
  return new StoredStateError(
    'state.unreadable',
    `${subject} cannot be read${at}: ${problem}. It is damaged or was not written by toolhost; ${format.otherwise}.`,
    version,
  )
}

import { z } from 'zod'
import { scopes } from '../../core/scope.js'
import { readVersionedState, type VersionedFormat } from '../../core/versioned-state.js'
import type { RunStart } from './run-context.js'

/** The version of stored run starts (`run_started` data) this build writes; those without a version are version 1. */
export const runStartVersion = 2

const chatMessage = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  name: z.string().exactOptional(),
  text: z.string(),
  at: z.number().exactOptional(),
})

const lorebookEntry = z.object({
  id: z.string(),
  title: z.string().exactOptional(),
  keys: z.array(z.string()),
  secondaryKeys: z.array(z.string()).exactOptional(),
  content: z.string(),
  constant: z.boolean().exactOptional(),
  caseSensitive: z.boolean().exactOptional(),
  priority: z.number().exactOptional(),
  scanDepth: z.number().int().min(0).exactOptional(),
  enabled: z.boolean().exactOptional(),
})

/** Version 1: run starts stored before versions were (the `profileId` beside them is the run's and not read here). */
const runStartV1 = z.object({
  prompt: z.string(),
  model: z.string().min(1),
  baseUrl: z.string().exactOptional(),
  scope: z.enum(scopes),
  owner: z.string().min(1),
  conversation: z.array(chatMessage),
  lorebook: z.object({ scanDepth: z.number().int().min(0), entries: z.array(lorebookEntry) }).exactOptional(),
  correlationId: z.string().exactOptional(),
}) satisfies z.ZodType<RunStart>

/** Version 2: version 1 with its version stored. */
const runStartV2 = runStartV1.extend({ version: z.literal(runStartVersion) })

const runStartFormat: VersionedFormat<z.output<typeof runStartV2>> = {
  version: runStartVersion,
  schema: runStartV2,
  olderSchemas: { 1: runStartV1 },
  migrations: { 1: (v1) => ({ ...(v1 as object), version: 2 }) },
  purpose: 'resume it',
  otherwise: 'start a new run instead',
}

/** What a run stores as its `run_started` data: the start with its version and the run's profile. */
export function toStoredRunStart(start: RunStart, profileId: string): Record<string, unknown> {
  return { version: runStartVersion, ...start, profileId }
}

/**
 * Reads a run's stored start, of any version this build knows.
 * @throws StoredStateError when it was written by a newer toolhost or does not parse
 */
export function parseRunStart(raw: unknown, runId: string): RunStart {
  const { version: _version, ...start } = readVersionedState(raw, runStartFormat, `Start of run ${runId}`, undefined)
  return start
}

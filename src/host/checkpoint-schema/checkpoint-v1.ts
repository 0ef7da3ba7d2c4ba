import { z } from 'zod'
import { parseProfile, ProfileError } from '../../profile/load-profile.js'

// Checkpoints as toolhost wrote them before versions were stored (version 1). This shape is history:
// it stays as it is, so that such checkpoints can always be read and migrated.

const count = z.number().int().min(0)

const gateState = z.object({
  callsUsed: count,
  callsPerTool: z.record(z.string(), count),
  discovered: z.array(z.string()).exactOptional(),
})

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.object({ type: z.literal('tool'), alias: z.string().min(1) }),
])

const profileSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('builtin') }),
  z.object({ kind: z.literal('object') }),
  z.object({ kind: z.literal('file'), path: z.string().min(1) }),
])

const readRecord = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), full: z.boolean(), readAtMs: count })

/** The profile as the checkpoint holds it, in its own schema version: migrated and validated like a profile file. */
const storedProfile = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  try {
    return parseProfile(raw)
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error
    for (const problem of error.problems) ctx.addIssue({ code: 'custom', message: problem })
    return z.NEVER
  }
})

const callId = z.string().min(1)
const input = z.record(z.string(), z.unknown())

const toolResult = z.object({
  callId,
  toolId: z.string().nullable(),
  content: z.string(),
  structured: z.record(z.string(), z.unknown()).exactOptional(),
  isError: z.boolean(),
  errorCode: z.string().exactOptional(),
  resourceRefs: z.array(z.string()),
  images: z.array(z.object({ path: z.string(), mimeType: z.string() })),
})

/** Where each call of a paused turn stood: done (with its result), allowed to run, or waiting for an approval. */
const turnSlotV1 = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('done'), result: toolResult }),
  z.object({ kind: z.literal('allowed'), callId, alias: z.string(), input }),
  z.object({
    kind: z.literal('pending'),
    callId,
    alias: z.string(),
    input,
    approvalId: z.string().min(1),
    alwaysRule: z.string(),
  }),
])

/** A turn paused on durable approvals, as version 1 stored it. */
export const pendingTurnV1 = z.object({ round: count, slots: z.array(turnSlotV1) })

/** A paused turn of a version-1 checkpoint. */
export type PendingTurnV1 = z.output<typeof pendingTurnV1>

/**
 * The fields of a checkpoint besides its version and paused turn. They were added over time (readState,
 * then owner, skills, direct, processDirs and workspaceDir), so every later one is optional and a
 * checkpoint of any earlier build parses.
 */
export const checkpointFields = {
  round: count,
  gateState,
  profile: storedProfile,
  profileSource,
  toolChoice,
  acceptsImages: z.boolean(),
  owner: z.string().min(1).exactOptional(),
  readState: z.record(z.string(), readRecord).exactOptional(),
  direct: z.boolean().exactOptional(),
  processDirs: z.array(z.string().min(1)).exactOptional(),
  workspaceDir: z.string().min(1).exactOptional(),
  skills: z.array(z.string().min(1)).exactOptional(),
}

/** Version 1: a checkpoint without `version`. */
export const checkpointV1 = z.object({ ...checkpointFields, pendingTurn: pendingTurnV1.exactOptional() })

/** A version-1 checkpoint, parsed. */
export type CheckpointV1 = z.output<typeof checkpointV1>

import { z } from 'zod'
import { protocolNames } from '../core/protocol-name.js'
import { scopes } from '../core/scope.js'
import type { Snapshot } from './snapshot.js'

const binding = z.object({
  toolId: z.string().min(1),
  alias: z.string().min(1),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  strict: z.boolean(),
  dropped: z.array(z.object({ path: z.string(), keyword: z.string(), reason: z.string() })),
  annotations: z.object({
    title: z.string().exactOptional(),
    readOnly: z.boolean().exactOptional(),
    destructive: z.boolean().exactOptional(),
    idempotent: z.boolean().exactOptional(),
    openWorld: z.boolean().exactOptional(),
  }),
  completion: z.boolean(),
  maxCalls: z.number().int().min(0).exactOptional(),
  deferred: z.literal(true).exactOptional(),
})

/** Version 1: snapshots stored before versions were, the same fields as version 2 without `version`. */
export const storedSnapshotV1 = z.object({
  id: z.string().min(1),
  protocol: z.enum(protocolNames),
  scope: z.enum(scopes),
  profileId: z.string().min(1),
  bindings: z.array(binding),
  diagnostics: z.array(z.object({ toolId: z.string(), code: z.string(), message: z.string() })),
}) satisfies z.ZodType<Snapshot>

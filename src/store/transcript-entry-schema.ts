import { z } from 'zod'
import type { TranscriptEntry } from './transcript.js'

/** The kinds of transcript entries, as the `transcript_entries.kind` column allows them. */
export const transcriptKinds = ['user', 'assistant', 'results', 'reminder', 'summary'] as const

/** A kind of transcript entry. */
export type TranscriptKind = (typeof transcriptKinds)[number]

// Read schemas keep unknown keys (looseObject): a newer writer may add fields an older reader should pass on.
const image = z.looseObject({ path: z.string(), mimeType: z.string() })
const metadata = z.record(z.string(), z.record(z.string(), z.unknown()))
const call = z.looseObject({
  callId: z.string(),
  name: z.string(),
  rawArguments: z.string(),
  metadata: metadata.exactOptional(),
})
const reasoningPart = z.looseObject({ text: z.string(), metadata: metadata.exactOptional() })
/** A tool result as stored (transcripts, paused turns): unknown keys a newer writer added pass through. */
export const toolResultSchema = z.looseObject({
  callId: z.string(),
  toolId: z.string().nullable(),
  content: z.string(),
  structured: z.record(z.string(), z.unknown()).exactOptional(),
  isError: z.boolean(),
  errorCode: z.string().exactOptional(),
  resourceRefs: z.array(z.string()),
  images: z.array(image),
})
const result = toolResultSchema

/**
 * The shape of each kind's `data` column: the entry without its `kind`, which has a column of its
 * own. Checked on append and on read.
 */
export const transcriptDataSchemas: {
  readonly [K in TranscriptKind]: z.ZodType<Omit<Extract<TranscriptEntry, { kind: K }>, 'kind'>>
} = {
  user: z.looseObject({ text: z.string(), name: z.string().exactOptional(), images: z.array(image).exactOptional() }),
  assistant: z.looseObject({
    text: z.string(),
    reasoning: z.string().exactOptional(),
    reasoningParts: z.array(reasoningPart).exactOptional(),
    calls: z.array(call),
    prior: z.literal(true).exactOptional(),
  }),
  results: z.looseObject({ results: z.array(result) }),
  reminder: z.looseObject({ text: z.string() }),
  summary: z.looseObject({ text: z.string(), throughSeq: z.number().int().min(0) }),
}

/** True when `value` names a transcript kind. */
export function isTranscriptKind(value: unknown): value is TranscriptKind {
  return typeof value === 'string' && (transcriptKinds as readonly string[]).includes(value)
}

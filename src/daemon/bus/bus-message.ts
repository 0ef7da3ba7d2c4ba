import { randomUUID } from 'node:crypto'
import { z } from 'zod'

/**
 * The messages of the daemon's bus (DESIGN §14), parsed with these schemas wherever they leave a
 * queue. Every message has an id, the conversation it belongs to, an idempotency key (publishing
 * the same key twice adds nothing) and the correlation id that follows one person's message
 * through the logs, the audit and every message it leads to.
 */
const base = {
  id: z.string().min(1),
  conversationId: z.string().min(1),
  idempotencyKey: z.string().min(1),
  correlationId: z.string().min(1),
  /** Epoch ms. */
  createdAt: z.number().int().nonnegative(),
}

/** A person wrote in a conversation; the text is the conversation message `messageId`. */
export const userMessageSchema = z.object({
  ...base,
  kind: z.literal('user_message'),
  messageId: z.string().min(1),
})

/** A schedule came due: the agent is told `prompt` in the schedule's conversation. */
export const scheduledTaskSchema = z.object({
  ...base,
  kind: z.literal('scheduled_task'),
  scheduleId: z.string().min(1),
  /** The due time this firing is for, epoch ms. */
  dueAt: z.number().int().nonnegative(),
  /** The conversation message that records the firing. */
  messageId: z.string().min(1),
})

/** One wire call of a model turn, as the model sent it. */
export const wireCallSchema = z.object({
  callId: z.string().min(1),
  name: z.string(),
  arguments: z.unknown(),
})

/** The calls of one model turn, for the tool consumer of the daemon that drives the run. */
export const toolCallSchema = z.object({
  ...base,
  kind: z.literal('tool_call'),
  runId: z.string().min(1),
  invocationId: z.string().min(1),
  snapshotId: z.string().min(1),
  calls: z.array(wireCallSchema).min(1),
})

/** What became of a turn's calls (or of an approval decision): the LLM consumer goes on with the run. */
export const toolResultSchema = z.object({
  ...base,
  kind: z.literal('tool_result'),
  runId: z.string().min(1),
  /** `results`: every call has one; `paused`: some wait for approval; `failed`: the turn could not run; `decided`: an approval was answered. */
  outcome: z.enum(['results', 'paused', 'failed', 'decided']),
  callIds: z.array(z.string()),
  error: z.string().optional(),
})

/** A person answered an approval request with its code (`123456` or `deny 123456 reason`). */
export const approvalRequestSchema = z.object({
  ...base,
  kind: z.literal('approval_request'),
  /** The conversation message that carried the answer (its text is stored with the code masked). */
  messageId: z.string().min(1),
  code: z.string().min(1),
  behavior: z.enum(['allow', 'deny']),
  reason: z.string().optional(),
})

/** Something to deliver through the conversation's channel: the outbox message `messageId`. */
export const llmReplySchema = z.object({
  ...base,
  kind: z.literal('llm_reply'),
  messageId: z.string().min(1),
})

/** Any message of the bus. */
export const busMessageSchema = z.discriminatedUnion('kind', [
  userMessageSchema,
  scheduledTaskSchema,
  toolCallSchema,
  toolResultSchema,
  approvalRequestSchema,
  llmReplySchema,
])

/** Any message of the bus. */
export type BusMessage = z.infer<typeof busMessageSchema>
/** The kinds of bus messages. */
export type BusMessageKind = BusMessage['kind']
/** The message of one kind. */
export type BusMessageOf<K extends BusMessageKind> = Extract<BusMessage, { kind: K }>

/**
 * The queues (topics) of the bus, by the consumer that takes them (the routing of DESIGN §14).
 * Turns of a run go to the tool queue of the daemon process that drives the run (`tool.<daemonId>`),
 * where the run's invocation, workspace and processes live; approval answers may be taken by any.
 */
export const topics = { llm: 'llm', tool: 'tool', send: 'send' } as const

/** The tool queue of one daemon process. */
export function toolTopicOf(daemonId: string): string {
  return `${topics.tool}.${daemonId}`
}

/** Where a message is routed, given the daemon that drives the run for `tool_call`. */
export function topicOf(message: BusMessage, daemonId: string): string {
  switch (message.kind) {
    case 'user_message':
    case 'scheduled_task':
    case 'tool_result':
      return topics.llm
    case 'tool_call':
      return toolTopicOf(daemonId)
    case 'approval_request':
      return topics.tool
    case 'llm_reply':
      return topics.send
  }
}

/** A new unguessable id with a prefix, e.g. `msg_3f2a…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`
}

/** Builds a message of one kind, with a new id and the current time. */
export function busMessage<K extends BusMessageKind>(
  kind: K,
  fields: Omit<BusMessageOf<K>, 'id' | 'kind' | 'createdAt'>,
): BusMessageOf<K> {
  return { ...fields, kind, id: newId('bus'), createdAt: Date.now() } as BusMessageOf<K>
}

/**
 * Parses a message taken from a queue.
 * @throws Error naming what is wrong, so a damaged message goes to the dead letters with a reason
 */
export function parseBusMessage(value: unknown): BusMessage {
  const parsed = busMessageSchema.safeParse(value)
  if (!parsed.success) throw new Error(`not a bus message: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

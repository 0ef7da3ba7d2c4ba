import { z } from 'zod'
import { runStatuses, type RunRecord, type Store } from '../../../store/store.js'
import type { ApiContext } from '../../api-context.js'
import { ApiError } from '../../route.js'

/** A run as lists show it. */
export const runSummarySchema = z.object({
  id: z.string(),
  status: z.enum(runStatuses),
  scope: z.enum(['chat', 'session']),
  profileId: z.string(),
  model: z.string().optional().describe('`provider:model`, for runs of the agent loop'),
  prompt: z.string().optional().describe('What the run was asked, for runs of the agent loop'),
  conversationId: z.string().optional().describe('The daemon conversation the run answers, if any'),
  createdAt: z.number().describe('Epoch ms'),
  updatedAt: z.number().describe('When the status last changed, epoch ms'),
  calls: z.number().int().describe('Tool calls the run requested'),
  pendingApprovals: z.number().int().describe('Approval requests of the run waiting for a decision'),
})

/** A run as lists show it. */
export type RunSummary = z.infer<typeof runSummarySchema>

/** A run-level happening as stored. */
export const runEventSchema = z.object({
  seq: z.number().int().describe('Position in the run, from 1'),
  type: z
    .string()
    .describe(
      'run_started, invocation_started, reply, drift, compacted, handoff, child_started, child_ended, tasks (an agent plan), finished, model_error',
    ),
  at: z.number().describe('Epoch ms'),
  data: z.record(z.string(), z.unknown()),
})

/** A run with its run events and invocations. */
export const runDetailSchema = runSummarySchema.extend({
  drivenHere: z.boolean().describe('True while this daemon process drives the run'),
  events: z.array(runEventSchema),
  invocations: z.array(
    z.object({
      id: z.string(),
      protocol: z.string(),
      agentId: z.string().optional(),
      mode: z.enum(['main', 'child', 'handoff']).optional(),
      createdAt: z.number(),
    }),
  ),
})

/** Path parameters naming a run. */
export const runParams = z.object({ runId: z.string().min(1).describe('The run id, `run_…`') })

/** The run, or a 404 that says where to find run ids. */
export function runOr404(store: Store, runId: string): RunRecord {
  const run = store.getRun(runId)
  if (run === undefined) throw new ApiError(404, `No run ${runId}; GET /api/runs lists them`)
  return run
}

/** The daemon conversation whose message started the run, with that message's correlation id. */
export function conversationOfRun(
  store: Store,
  runId: string,
):
  | {
      readonly conversationId: string
      readonly messageId: string
      readonly correlationId: string
      readonly state: string
    }
  | undefined {
  const row = store.database
    .prepare(
      `SELECT conversation_id, id, correlation_id, state FROM conversation_messages
       WHERE run_id = ? AND role IN ('user', 'schedule') ORDER BY seq LIMIT 1`,
    )
    .get(runId)
  if (row === undefined) return undefined
  return {
    conversationId: String(row.conversation_id),
    messageId: String(row.id),
    correlationId: String(row.correlation_id),
    state: String(row.state),
  }
}

/** The list view of a run: what it was asked and how far it got. */
export function runSummary(store: Store, run: RunRecord): RunSummary {
  const started = store.runEvents(run.id, { type: 'run_started' })[0]
  const calls = store.database
    .prepare(
      "SELECT COUNT(DISTINCT invocation_id || '/' || call_id) AS n FROM events WHERE run_id = ? AND call_id IS NOT NULL",
    )
    .get(run.id)
  const conversation = conversationOfRun(store, run.id)
  return {
    id: run.id,
    status: run.status,
    scope: run.scope,
    profileId: run.profileId,
    ...(started !== undefined && { model: started.data.model, prompt: started.data.prompt }),
    ...(conversation !== undefined && { conversationId: conversation.conversationId }),
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    calls: Number(calls?.n ?? 0),
    pendingApprovals: store.approvals.list({ runId: run.id, status: 'pending' }).length,
  }
}

/** The detail view of a run. */
export function runDetail(ctx: ApiContext, run: RunRecord): z.input<typeof runDetailSchema> {
  const events = ctx.store.runEvents(run.id)
  const started = new Map(
    events.flatMap((event) => (event.type === 'invocation_started' ? [[event.data.invocationId, event.data]] : [])),
  )
  return {
    ...runSummary(ctx.store, run),
    drivenHere: ctx.daemon.runStops.drives(run.id),
    events: events.map((event) => ({ seq: event.seq, type: event.type, at: event.at, data: { ...event.data } })),
    invocations: ctx.store.invocationsOf(run.id).map((invocation) => {
      const info = started.get(invocation.id)
      return {
        id: invocation.id,
        protocol: invocation.protocol,
        ...(info !== undefined && { agentId: info.agentId, mode: info.mode }),
        createdAt: invocation.createdAt,
      }
    }),
  }
}

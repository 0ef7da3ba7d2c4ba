import { z } from 'zod'
import { auditOutcomes, runAudit } from '../../../store/run-audit.js'
import { equalityFilters, whereClause } from '../sql-filters.js'
import { runStatuses, type RunRecord } from '../../../store/store.js'
import { defineRoute } from '../../route.js'
import { runDetail, runDetailSchema, runOr404, runParams, runSummary, runSummarySchema } from './run-views.js'

const listQuery = z.object({
  status: z.enum(runStatuses).optional(),
  scope: z.enum(['chat', 'session']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  before: z.string().min(1).optional().describe('A run id: only runs older than it (the `next` of the previous page)'),
})

const auditDecision = z.object({
  verdict: z.enum(['allowed', 'denied', 'rejected', 'waiting', 'undecided']),
  by: z.string().nullable().describe('rule, mode, tool, hook, dangerous, unparseable, person, expiry or gate'),
  rule: z.string().nullable(),
  addedRule: z.string().nullable().describe('The rule an "always" answer added'),
  asked: z.boolean().describe('True when a person was asked'),
  approver: z.string().nullable(),
  scope: z.enum(['once', 'always']).nullable(),
  message: z.string().nullable().describe("A person's message with a denial"),
  reason: z.string().nullable(),
  errorCode: z.string().nullable(),
})

const auditCall = z.object({
  callId: z.string(),
  invocationId: z.string(),
  agentId: z.string().nullable(),
  round: z.number().int().nullable(),
  alias: z.string().describe('The name the model called'),
  toolId: z.string().nullable().describe('null when the name matched no tool'),
  input: z.string().nullable().describe('The argument text exactly as the model sent it'),
  decision: auditDecision,
  requestedAt: z.string().describe('ISO time'),
  startedAt: z.string().nullable().describe('ISO time; null when the tool never ran'),
  durationMs: z.number().nullable(),
  outcome: z.enum(auditOutcomes),
  errorCode: z.string().nullable(),
  error: z.object({ name: z.string(), message: z.string() }).nullable(),
  midCallApprovals: z.array(
    z.object({
      behavior: z.enum(['allow', 'deny', 'ask']),
      reason: z.string().nullable(),
      approver: z.string().nullable(),
    }),
  ),
  anomalies: z.array(z.string()).describe('Moves the call lifecycle does not allow, as recorded'),
})

const auditSchema = z.object({
  run: z.object({
    id: z.string(),
    status: z.string(),
    scope: z.string(),
    profileId: z.string(),
    createdAt: z.string(),
  }),
  calls: z.array(auditCall),
  summary: z.object({
    calls: z.number().int(),
    byOutcome: z.partialRecord(z.enum(auditOutcomes), z.number().int()),
    toolTimeMs: z.number(),
  }),
})

const transcriptSchema = z.object({
  runId: z.string(),
  invocations: z.array(
    z.object({
      id: z.string(),
      protocol: z.string(),
      createdAt: z.number(),
      entries: z.array(
        z.object({
          seq: z.number().int(),
          at: z.number(),
          entry: z
            .looseObject({ kind: z.string() })
            .describe('A transcript entry: user, assistant, tool results, notes…'),
        }),
      ),
    }),
  ),
})

/** Runs from the store: the list, one run, its transcript and its audit. */
export const runReadRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/runs',
    tag: 'runs',
    summary: 'Runs, newest first, by status and scope, a page at a time',
    query: listQuery,
    response: z.object({
      runs: z.array(runSummarySchema),
      next: z.string().optional().describe('Pass as `before` for the next page'),
    }),
    handle: async ({ query, ctx }) => {
      const { store } = ctx
      const filters = equalityFilters({ status: query.status, scope: query.scope })
      if (query.before !== undefined) {
        const cursor = store.database.prepare('SELECT created_at, rowid FROM runs WHERE id = ?').get(query.before)
        if (cursor === undefined) return { body: { runs: [] } }
        filters.where.push('(created_at < ? OR (created_at = ? AND rowid < ?))')
        filters.values.push(Number(cursor.created_at), Number(cursor.created_at), Number(cursor.rowid))
      }
      const rows = store.database
        .prepare(
          `SELECT id FROM runs ${whereClause(filters)}
           ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        )
        .all(...filters.values, query.limit + 1)
      const runs = rows
        .slice(0, query.limit)
        .map((row) => store.getRun(String(row.id)))
        .filter((run): run is RunRecord => run !== undefined)
        .map((run) => runSummary(store, run))
      const last = runs.at(-1)
      return { body: { runs, ...(rows.length > query.limit && last !== undefined && { next: last.id }) } }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/runs/:runId',
    tag: 'runs',
    summary: 'A run with its run events and invocations',
    params: runParams,
    response: runDetailSchema,
    handle: async ({ params, ctx }) => ({ body: runDetail(ctx, runOr404(ctx.store, params.runId)) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/runs/:runId/transcript',
    tag: 'runs',
    summary: "A run's invocations with their transcript entries, in order",
    params: runParams,
    response: transcriptSchema,
    handle: async ({ params, ctx }) => {
      const run = runOr404(ctx.store, params.runId)
      return {
        body: {
          runId: run.id,
          invocations: ctx.store.invocationsOf(run.id).map((invocation) => ({
            id: invocation.id,
            protocol: invocation.protocol,
            createdAt: invocation.createdAt,
            entries: ctx.store
              .transcript(invocation.id)
              .map((stored) => ({ seq: stored.seq, at: stored.at, entry: { ...stored.entry } })),
          })),
        },
      }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/runs/:runId/audit',
    tag: 'runs',
    summary: "A run's calls: input, how permission was decided, when and how long each ran, how it ended",
    params: runParams,
    response: auditSchema,
    handle: async ({ params, ctx }) => {
      const audit = runAudit(ctx.store, runOr404(ctx.store, params.runId))
      const calls = audit.calls.map((call) => ({
        ...call,
        midCallApprovals: [...call.midCallApprovals],
        anomalies: [...call.anomalies],
      }))
      return { body: { ...audit, calls } }
    },
  }),
]

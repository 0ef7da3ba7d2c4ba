import { z } from 'zod'
import { runStatuses } from '../../../store/store.js'
import { defineRoute } from '../../route.js'
import { cancelRun, resumeRun } from './run-control.js'
import { parseCursor, streamRunEvents } from './run-event-stream.js'
import { runOr404, runParams } from './run-views.js'

const controlResponse = z.object({
  runId: z.string(),
  status: z.enum(runStatuses).describe('The run status as stored when the answer was made'),
  via: z
    .enum(['conversation', 'daemon', 'store'])
    .describe(
      'conversation: the daemon driver of its conversation takes it; daemon: this process stopped or drives it; store: no process drove it, the store was changed',
    ),
})

/** A run's live events, and cancelling and resuming it. */
export const runControlRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/runs/:runId/events',
    tag: 'runs',
    summary:
      'Server-sent events: every run event and call event of the run in order, then new ones as they are stored; `event: end` once the run has ended. `id` is a cursor: send it back as Last-Event-ID to go on from there.',
    params: runParams,
    streams: true,
    handle: async ({ params, ctx, req }) => {
      const run = runOr404(ctx.store, params.runId)
      const header = req.headers['last-event-id']
      const from = parseCursor(Array.isArray(header) ? header[0] : header)
      return { stream: (res) => streamRunEvents(res, ctx.store, run.id, from) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/runs/:runId/cancel',
    tag: 'runs',
    summary: 'Cancels a run: stopped when this daemon drives it, marked cancelled when no process does',
    params: runParams,
    response: controlResponse,
    handle: async ({ params, ctx }) => {
      const run = runOr404(ctx.store, params.runId)
      const via = await cancelRun(ctx, run)
      return { body: { runId: run.id, status: runOr404(ctx.store, run.id).status, via } }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/runs/:runId/resume',
    tag: 'runs',
    summary:
      'Resumes a paused or cancelled run whose approvals are decided: through its conversation, or in this daemon with its model (202; follow it with /events)',
    params: runParams,
    response: controlResponse,
    handle: async ({ params, ctx }) => {
      const run = runOr404(ctx.store, params.runId)
      const via = await resumeRun(ctx, run)
      return { status: 202, body: { runId: run.id, status: runOr404(ctx.store, run.id).status, via } }
    },
  }),
]

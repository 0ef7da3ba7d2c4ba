import { z } from 'zod'
import { busMessage } from '../../../daemon/bus/bus-message.js'
import { makeVisible } from '../../../text/make-visible.js'
import { approvalStatuses, type ApprovalRecord } from '../../../store/store.js'
import type { ApiContext } from '../../api-context.js'
import { ApiError, defineRoute } from '../../route.js'
import { driveInBackground, liveDriver } from '../runs/run-control.js'
import { conversationOfRun } from '../runs/run-views.js'

const approvalSchema = z.object({
  id: z.string(),
  runId: z.string(),
  toolId: z.string(),
  alias: z.string().describe('The name the model called'),
  input: z.unknown().describe('The exact input of the call'),
  title: z.string().optional().describe("The tool's one-line description of the call, e.g. `Edit src/a.ts`"),
  inputText: z.string().describe('The input as people read it, invisible characters shown'),
  reason: z.string().describe('Why a person is asked'),
  rule: z.string().optional().describe('The rule that asked'),
  alwaysRule: z.string().optional().describe('The rule "always" adds to the profile'),
  status: z.enum(approvalStatuses),
  decision: z.enum(['once', 'always']).optional(),
  message: z.string().optional().describe('For a denial: what the model is told'),
  approver: z.string().optional(),
  duringCall: z.boolean().describe('Asked by a running tool, which waits for the answer'),
  conversationId: z.string().optional(),
  createdAt: z.number().describe('Epoch ms'),
  decidedAt: z.number().optional(),
})

const approvalParams = z.object({ id: z.string().min(1).describe('The approval id, `apr_…`') })

/** A run's call waits mid-call in a daemon for this one (a running tool asked). */
function isDuringCall(ctx: ApiContext, approval: ApprovalRecord): boolean {
  return (
    ctx.daemon.conversations.outboundFor(approval.id)?.data?.duringCall === true || approval.callId.includes('/during/')
  )
}

function view(ctx: ApiContext, approval: ApprovalRecord): z.input<typeof approvalSchema> {
  const conversation = conversationOfRun(ctx.store, approval.runId)
  return {
    id: approval.id,
    runId: approval.runId,
    toolId: approval.toolId,
    alias: approval.alias,
    input: approval.input,
    ...(approval.title !== null && { title: approval.title }),
    inputText: makeVisible(JSON.stringify(approval.input, null, 2)),
    reason: approval.reason,
    ...(approval.rule !== null && { rule: approval.rule }),
    ...(approval.alwaysRule !== null && { alwaysRule: approval.alwaysRule }),
    status: approval.status,
    ...(approval.decision !== null && { decision: approval.decision }),
    ...(approval.message !== null && { message: approval.message }),
    ...(approval.approver !== null && { approver: approval.approver }),
    duringCall: isDuringCall(ctx, approval),
    ...(conversation !== undefined && { conversationId: conversation.conversationId }),
    createdAt: approval.createdAt,
    ...(approval.decidedAt !== null && { decidedAt: approval.decidedAt }),
  }
}

function pendingOr4xx(ctx: ApiContext, id: string): ApprovalRecord {
  const approval = ctx.store.approvals.get(id)
  if (approval === undefined) throw new ApiError(404, `No approval ${id}; GET /api/approvals lists the pending ones`)
  if (approval.status !== 'pending')
    throw new ApiError(
      409,
      `Approval ${id} was already decided (${approval.status})${approval.approver === null ? '' : ` by ${approval.approver}`}`,
    )
  return approval
}

/**
 * Decides an approval and lets the waiting run go on: a running tool waiting in this daemon hears
 * it at once; a paused turn continues through `host.approvals`, and its run is woken — by its
 * conversation's driver, or resumed here with the daemon's model.
 */
async function decide(
  ctx: ApiContext,
  approval: ApprovalRecord,
  decision: { behavior: 'allow'; scope: 'once' | 'always' } | { behavior: 'deny'; message?: string },
  approver: string,
): Promise<ApprovalRecord> {
  const conversation = conversationOfRun(ctx.store, approval.runId)
  // A code sent to the conversation for this request can no longer be used.
  const prompt = ctx.daemon.conversations.outboundFor(approval.id)
  if (isDuringCall(ctx, approval)) {
    const decided = ctx.store.approvals.resolve(
      approval.id,
      decision.behavior === 'allow'
        ? { behavior: 'allow', scope: 'once', approver }
        : { behavior: 'deny', approver, ...(decision.message !== undefined && { message: decision.message }) },
    )
    if (prompt !== undefined) ctx.daemon.conversations.maskCode(prompt.id)
    ctx.daemon.decisions.emit(`decided:${approval.id}`)
    return decided
  }
  const outcome =
    decision.behavior === 'allow'
      ? await ctx.host.approvals.approve(approval.id, { scope: decision.scope, approver })
      : await ctx.host.approvals.deny(approval.id, {
          approver,
          ...(decision.message !== undefined && { message: decision.message }),
        })
  if (prompt !== undefined) ctx.daemon.conversations.maskCode(prompt.id)
  if (outcome.stillPending.length === 0 && outcome.resumeRun !== undefined) {
    if (conversation !== undefined)
      await ctx.daemon.publish(
        busMessage('tool_result', {
          conversationId: conversation.conversationId,
          correlationId: conversation.correlationId,
          idempotencyKey: `decided:${approval.id}`,
          runId: approval.runId,
          outcome: 'decided',
          callIds: [approval.callId],
        }),
      )
    else if (liveDriver(ctx, approval.runId) === undefined) driveInBackground(ctx, approval.runId)
  }
  return outcome.approval
}

/** Approval requests: the list, and approving or denying one. */
export const approvalRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/approvals',
    tag: 'approvals',
    summary: 'Approval requests, newest first: the pending ones, or all',
    query: z.object({
      status: z.enum(['pending', 'all']).default('pending'),
      runId: z.string().min(1).optional(),
      limit: z.coerce.number().int().min(1).max(1000).default(200),
    }),
    response: z.object({ approvals: z.array(approvalSchema) }),
    handle: async ({ query, ctx }) => ({
      body: {
        approvals: ctx.store.approvals
          .list({
            ...(query.status === 'pending' && { status: 'pending' }),
            ...(query.runId !== undefined && { runId: query.runId }),
            limit: query.limit,
          })
          .map((approval) => view(ctx, approval)),
      },
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/approvals/:id/approve',
    tag: 'approvals',
    summary: 'Allows a pending call once, or always (its rule is added to the profile); the run goes on',
    params: approvalParams,
    body: z.object({ scope: z.enum(['once', 'always']).default('once') }).default({ scope: 'once' }),
    response: approvalSchema,
    handle: async ({ params, body, ctx, actor }) => {
      const approval = pendingOr4xx(ctx, params.id)
      const decided = await decide(ctx, approval, { behavior: 'allow', scope: body.scope }, `api:${actor}`)
      return { body: view(ctx, decided) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/approvals/:id/deny',
    tag: 'approvals',
    summary: 'Denies a pending call; the model is told why when a message is given, and the run goes on',
    params: approvalParams,
    body: z.object({ message: z.string().min(1).max(4000).optional().describe('What the model is told') }).default({}),
    response: approvalSchema,
    handle: async ({ params, body, ctx, actor }) => {
      const approval = pendingOr4xx(ctx, params.id)
      const decided = await decide(
        ctx,
        approval,
        { behavior: 'deny', ...(body.message !== undefined && { message: body.message }) },
        `api:${actor}`,
      )
      return { body: view(ctx, decided) }
    },
  }),
]

import { once } from 'node:events'
import { codeLifetimeMs, issueCode, redeemCode, type RedeemResult } from '../../permissions/approvals/one-time-code.js'
import type { Approver } from '../../permissions/approvals/approval-request.js'
import { makeVisible } from '../../text/make-visible.js'
import type { ApprovalRecord } from '../../store/approvals.js'
import { StoreError } from '../../store/store-error.js'
import { fillText, loadText } from '../../text/model-text.js'
import { busMessage, type BusMessageOf } from '../bus/bus-message.js'
import type { DaemonContext } from '../daemon-context.js'

const texts = {
  prompt: loadText(import.meta.url, 'texts/approval-prompt.txt'),
  approved: loadText(import.meta.url, 'texts/approved.txt'),
  denied: loadText(import.meta.url, 'texts/denied.txt'),
  wrong: loadText(import.meta.url, 'texts/wrong-code.txt'),
  refused: loadText(import.meta.url, 'texts/refused-code.txt'),
  tooMany: loadText(import.meta.url, 'texts/too-many-tries.txt'),
  expired: loadText(import.meta.url, 'texts/expired-approval.txt'),
}

/** Code answers a conversation may send per minute; more wait (guessing is also capped by the 5-try lock). */
export const codeAnswersPerMinute = 10

/** The person-facing text of each refusal of {@link redeemCode}. */
const refusals: Record<Exclude<RedeemResult, { ok: true }>['reason'], { why: string; next: string }> = {
  wrong_code: { why: 'it is wrong', next: '' },
  expired: { why: 'it expired', next: 'The request was refused; ask again if it is still needed.' },
  used: { why: 'it was already used', next: '' },
  locked: { why: 'it is locked after 5 wrong tries', next: 'The request will be refused.' },
  no_code: { why: 'no request in this chat waits for a code', next: '' },
}

/**
 * Sends a person the approval request of a call with a new one-time code, once: a request that
 * already has its message in the outbox is not sent again (the code in it is the one that works).
 */
export async function offerApproval(
  ctx: DaemonContext,
  approval: ApprovalRecord,
  conversationId: string,
  correlationId: string,
  duringCall: boolean,
): Promise<void> {
  const earlier = ctx.conversations.outboundFor(approval.id)
  if (earlier !== undefined) {
    if (earlier.state === 'pending') await publishReply(ctx, earlier.id, conversationId, correlationId)
    return
  }
  const { message } = ctx.store.transaction(() => {
    const { code, expiresAt } = issueCode(ctx.store, { approvalId: approval.id, conversationId })
    const inputText = makeVisible(JSON.stringify(approval.input, null, 2))
    const text = fillText(texts.prompt, {
      tool: approval.alias,
      title: approval.title === null ? '' : ` — ${approval.title}`,
      why: approval.reason,
      rule: approval.rule === null ? '' : `\nRule: ${approval.rule}`,
      input: inputText,
      code,
    })
    // The code stays readable in its conversation (HTTP readers poll for it) only while it can be
    // used: it is masked once the request is decided or refused.
    return ctx.conversations.addOutbound({
      conversationId,
      role: 'approval',
      text,
      sourceId: approval.id,
      correlationId,
      runId: approval.runId,
      data: {
        approvalId: approval.id,
        code,
        tool: approval.alias,
        ...(approval.title !== null && { title: approval.title }),
        inputText,
        reason: approval.reason,
        ...(approval.rule !== null && { rule: approval.rule }),
        expiresAt,
        duringCall,
      },
    })
  })
  ctx.metrics.approvalOffered()
  await publishReply(ctx, message.id, conversationId, correlationId)
}

/**
 * The tool consumer's part of an `ApprovalRequest`: checks the code (rate limit, redemption) and
 * decides the approval in the same transaction, so a redelivered answer never decides twice and a
 * crash never leaves a used code with an undecided request. The person is told what happened; a
 * paused run is woken, a waiting call hears it at once.
 */
export async function answerApproval(ctx: DaemonContext, message: BusMessageOf<'approval_request'>): Promise<void> {
  const { conversationId, correlationId } = message
  const notice = (text: string) => addNotice(ctx, { conversationId, correlationId, sourceId: message.messageId, text })
  if (ctx.conversations.codeAttemptsSince(conversationId, Date.now() - 60_000) > codeAnswersPerMinute)
    return notice(texts.tooMany)
  const outcome = ctx.store.transaction(() => {
    const redeemed = redeemCode(ctx.store, { conversationId, code: message.code })
    if (!redeemed.ok) return { redeemed }
    const approval = ctx.store.approvals.resolve(
      redeemed.approvalId,
      message.behavior === 'allow'
        ? { behavior: 'allow', scope: 'once', approver: `code:${conversationId}` }
        : {
            behavior: 'deny',
            approver: `code:${conversationId}`,
            ...(message.reason !== undefined && { message: message.reason }),
          },
    )
    return { redeemed, approval }
  })
  ctx.metrics.codeAnswer(outcome.redeemed.ok ? message.behavior : outcome.redeemed.reason)
  if (!outcome.redeemed.ok) {
    const { redeemed } = outcome
    if (redeemed.reason === 'wrong_code') return notice(fillText(texts.wrong, { left: redeemed.attemptsLeft }))
    const { why, next } = refusals[redeemed.reason]
    return notice(fillText(texts.refused, { why, next }).trim())
  }
  const approval = outcome.approval as ApprovalRecord
  maskCodeOf(ctx, approval.id)
  await notice(
    approval.status === 'allowed'
      ? fillText(texts.approved, { tool: approval.alias })
      : fillText(texts.denied, {
          tool: approval.alias,
          reason: message.reason === undefined ? '' : `: ${message.reason}`,
        }),
  )
  ctx.decisions.emit(`decided:${approval.id}`)
  await ctx.publish(
    busMessage('tool_result', {
      conversationId,
      correlationId,
      idempotencyKey: `decided:${approval.id}`,
      runId: approval.runId,
      outcome: 'decided',
      callIds: [approval.callId],
    }),
  )
}

/**
 * Refuses the pending approvals of a run whose codes can no longer be used (expired or locked),
 * telling the person; returns the ones still waiting.
 */
export async function expireStaleApprovals(
  ctx: DaemonContext,
  runId: string,
  conversationId: string,
  correlationId: string,
): Promise<ApprovalRecord[]> {
  const waiting: ApprovalRecord[] = []
  const now = Date.now()
  for (const approval of ctx.store.approvals.list({ runId, status: 'pending' })) {
    const code = ctx.store.oneTimeCodes.current({ conversationId, approvalId: approval.id }).at(-1)
    const usable = code === undefined || (code.status === 'active' && code.expiresAt > now)
    if (usable) {
      waiting.push(approval)
      continue
    }
    const refused = refuse(ctx, approval.id)
    maskCodeOf(ctx, approval.id)
    if (refused)
      await addNotice(ctx, {
        conversationId,
        correlationId,
        sourceId: `expired:${approval.id}`,
        text: fillText(texts.expired, { tool: approval.alias }),
      })
  }
  return waiting
}

/**
 * The approver of a daemon run: a request before a call stays pending (the run pauses and the
 * LLM consumer sends its code); a request during a call is sent with a code at once and the call
 * waits for the answer, up to the code's 10 minutes.
 */
export function daemonApprover(ctx: DaemonContext, conversationId: string, correlationId: string): Approver {
  return async (request, signal) => {
    if (request.duringCall !== true) return 'pending'
    const approval = ctx.store.approvals.create({
      id: request.id,
      runId: request.runId,
      invocationId: request.invocationId,
      // A call may ask several times (one HTTP request after another); each question is its own request.
      callId: `${request.callId}/during/${request.id.slice(-12)}`,
      toolId: request.toolId,
      alias: request.alias,
      input: request.input,
      ...(request.title !== undefined && { title: request.title }),
      reason: request.reason,
      rule: request.rule ?? null,
      alwaysRule: null,
    })
    await offerApproval(ctx, approval, conversationId, correlationId, true)
    const decided = await waitForDecision(ctx, approval.id, signal)
    maskCodeOf(ctx, approval.id)
    if (decided === undefined || decided.status === 'pending') {
      const message = signal.aborted ? 'the run stopped before an answer came' : 'not approved within 10 minutes'
      refuse(ctx, approval.id, message)
      return { behavior: 'deny', message, approver: 'expiry' }
    }
    return decided.status === 'allowed'
      ? { behavior: 'allow', scope: 'once', approver: decided.approver ?? 'code' }
      : {
          behavior: 'deny',
          ...(decided.message !== null && { message: decided.message }),
          approver: decided.approver ?? 'code',
        }
  }
}

/** Waits for a decision made by this process (an event) or another one (seen by polling). */
async function waitForDecision(
  ctx: DaemonContext,
  approvalId: string,
  signal: AbortSignal,
): Promise<ApprovalRecord | undefined> {
  const deadline = Date.now() + codeLifetimeMs
  while (Date.now() < deadline && !signal.aborted) {
    const record = ctx.store.approvals.get(approvalId)
    if (record !== undefined && record.status !== 'pending') return record
    const timeout = AbortSignal.timeout(Math.min(500, Math.max(1, deadline - Date.now())))
    await once(ctx.decisions, `decided:${approvalId}`, { signal: AbortSignal.any([signal, timeout]) }).catch(() => {})
  }
  return ctx.store.approvals.get(approvalId)
}

/** Denies a pending request that can no longer be answered; false when it was decided meanwhile. */
function refuse(ctx: DaemonContext, approvalId: string, message = 'not approved within 10 minutes'): boolean {
  try {
    ctx.store.approvals.resolve(approvalId, { behavior: 'deny', message, approver: 'expiry' })
    return true
  } catch (error) {
    if (error instanceof StoreError && error.code === 'store.conflict') return false
    throw error
  }
}

/** Masks the code in the request's message once it can no longer be used. */
function maskCodeOf(ctx: DaemonContext, approvalId: string): void {
  const prompt = ctx.conversations.outboundFor(approvalId)
  if (prompt !== undefined) ctx.conversations.maskCode(prompt.id)
}

/** Adds a notice to the outbox (once per source) and queues its delivery. */
export async function addNotice(
  ctx: DaemonContext,
  notice: { conversationId: string; correlationId: string; sourceId: string; text: string },
): Promise<void> {
  const { message } = ctx.conversations.addOutbound({ ...notice, role: 'notice' })
  if (message.state === 'pending') await publishReply(ctx, message.id, notice.conversationId, notice.correlationId)
}

/** Queues the delivery of an outbox message; the key makes it once per message. */
export function publishReply(
  ctx: DaemonContext,
  messageId: string,
  conversationId: string,
  correlationId: string,
): Promise<void> {
  return ctx.publish(
    busMessage('llm_reply', { conversationId, correlationId, idempotencyKey: `reply:${messageId}`, messageId }),
  )
}

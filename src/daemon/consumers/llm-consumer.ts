import { resumeAgentRun, runAgent } from '../../agent/loop/run-agent.js'
import type { AgentRunResult, AgentRunRuntime } from '../../agent/loop/run-options.js'
import type { AgentEvent } from '../../agent/loop/agent-events.js'
import type { ChatMessage } from '../../tool/run-services.js'
import { fillText, loadText } from '../../text/model-text.js'
import {
  addNotice,
  daemonApprover,
  expireStaleApprovals,
  offerApproval,
  publishReply,
} from '../approvals/code-approvals.js'
import type { Delivery, HandlerOutcome } from '../queue/message-queue.js'
import type { StoredMessage } from '../conversations/conversation-store.js'
import { conversationWithSummary } from '../conversations/conversation-summary.js'
import type { DaemonContext } from '../daemon-context.js'
import { createScheduleServiceFor } from './schedule-service-for.js'

const runFailedText = loadText(import.meta.url, '../approvals/texts/run-failed.txt')

/** How long a conversation's lease lasts without renewal; renewed while its driver works. */
const conversationLeaseMs = 30_000
/** When another driver has the conversation, look again after this long. */
const busyRetryMs = 300

/**
 * The LLM consumer (`UserMessage | ToolResult | ScheduledTask`): one driver per conversation across
 * every daemon process (a lease in the store), which works through the conversation's inbox in
 * order — one agent run per message, messages that arrive meanwhile wait their turn. The message
 * that woke it only says "look at this conversation": the inbox in the store is the truth, so a
 * redelivered or duplicated wake-up finds the work done and does nothing.
 */
export class LlmConsumer {
  readonly #ctx: DaemonContext
  readonly #driving = new Set<string>()

  constructor(ctx: DaemonContext) {
    this.#ctx = ctx
  }

  readonly handle = async (delivery: Delivery): Promise<HandlerOutcome> => {
    const { message } = delivery
    // A turn's results reach the run that waits for them in this process directly; this is only its record.
    if (message.kind === 'tool_result' && message.outcome !== 'decided' && this.#ctx.turns.isWaiting(message.runId))
      return
    const conversationId = message.conversationId
    // Driven here already: the driver works until the inbox is empty and looks again after it
    // stops, and the message was stored before this wake-up was sent, so it will be found.
    if (this.#driving.has(conversationId)) return
    const lease = `conversation:${conversationId}`
    do {
      if (!this.#ctx.leases.acquire(lease, conversationLeaseMs)) return { retryInMs: busyRetryMs }
      this.#driving.add(conversationId)
      const renew = setInterval(() => this.#ctx.leases.acquire(lease, conversationLeaseMs), conversationLeaseMs / 3)
      try {
        await this.#drain(conversationId, delivery.signal)
      } finally {
        clearInterval(renew)
        this.#driving.delete(conversationId)
        this.#ctx.leases.release(lease)
      }
    } while (!delivery.signal.aborted && this.#hasWork(conversationId))
  }

  /** True when the conversation has a message the agent can take up now (not one waiting for approval). */
  #hasWork(conversationId: string): boolean {
    const next = this.#ctx.conversations.nextInbound(conversationId)
    return next !== undefined && next.state !== 'paused'
  }

  async #drain(conversationId: string, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const next = this.#ctx.conversations.nextInbound(conversationId)
      if (next === undefined) return
      if ((await this.#answer(next, signal)) === 'waiting') return
    }
  }

  /** Starts, resumes or finishes the run of one inbound message. */
  async #answer(message: StoredMessage, signal: AbortSignal): Promise<'done' | 'waiting'> {
    const ctx = this.#ctx
    const log = ctx.log.child({ correlationId: message.correlationId, conversationId: message.conversationId })
    if (message.state === 'paused' && message.runId !== null) {
      const waiting = await expireStaleApprovals(ctx, message.runId, message.conversationId, message.correlationId)
      if (waiting.length > 0) return 'waiting'
    }
    const conversation = ctx.conversations.get(message.conversationId)
    if (conversation === undefined) throw new Error(`conversation ${message.conversationId} is missing from the store`)
    const started = Date.now()
    // A stop on request (the API's cancel) ends the run cancelled; the daemon stopping (`signal`) leaves it to resume.
    const stop = ctx.runStops.track()
    if (message.runId !== null) ctx.runStops.name(stop, message.runId)
    const runtime: AgentRunRuntime = {
      host: ctx.host,
      signal: AbortSignal.any([signal, stop.signal]),
      approver: daemonApprover(ctx, conversation.id, message.correlationId),
      turnExecutor: ctx.turns.executor((m) => ctx.publish(m), {
        conversationId: conversation.id,
        correlationId: message.correlationId,
      }),
      schedules: createScheduleServiceFor(ctx, conversation.id),
      onEvent: (event) => {
        if (event.type === 'run-started') ctx.runStops.name(stop, event.runId)
        this.#observe(event, message)
      },
      ...(ctx.sleep !== undefined && { sleep: ctx.sleep }),
    }
    let result: AgentRunResult
    try {
      result =
        message.runId === null
          ? await runAgent({
              ...runtime,
              model: ctx.model(),
              prompt: promptOf(message),
              scope: ctx.replyMode === 'publish' ? 'chat' : 'session',
              conversation: await conversationWithSummary(ctx, message, this.#history(message), { signal, log }),
              owner: conversation.owner,
              correlationId: message.correlationId,
              ...(ctx.profile !== undefined && { profile: ctx.profile }),
            })
          : await this.#resume(message.runId, runtime)
    } catch (error) {
      if (signal.aborted) return 'waiting'
      log.error('the run failed', { error: error instanceof Error ? error.message : String(error) })
      result = failedResult(message.runId ?? '', error)
    } finally {
      ctx.runStops.done(stop)
    }
    if (result.status === 'cancelled' && signal.aborted) return 'waiting' // checkpointed; the next start goes on
    ctx.metrics.runFinished(result.status, Date.now() - started)
    log.info('run ended', { runId: result.runId, status: result.status, reason: result.reason })
    return this.#settle(message, result)
  }

  /** Goes on with a run a crash or an approval interrupted; one that ended already gives its outcome. */
  async #resume(runId: string, runtime: AgentRunRuntime): Promise<AgentRunResult> {
    const run = this.#ctx.store.getRun(runId)
    if (run !== undefined && (run.status === 'completed' || run.status === 'failed')) {
      const finished = this.#ctx.store.runEvents(runId, { type: 'finished' }).at(-1)
      const replies = this.#ctx.store.runEvents(runId, { type: 'reply' }).map((e) => String(e.data.text))
      return {
        runId,
        status: run.status,
        reason: String(finished?.data.reason ?? run.status),
        text: String(finished?.data.text ?? replies.at(-1) ?? ''),
        replies,
        approvalIds: [],
      }
    }
    return resumeAgentRun({ ...runtime, runId, model: this.#ctx.model() })
  }

  /** Puts the outcome of a run in the outbox (once) and queues its delivery. */
  async #settle(message: StoredMessage, result: AgentRunResult): Promise<'done' | 'waiting'> {
    const ctx = this.#ctx
    const { conversationId, correlationId } = message
    if (result.status === 'paused') {
      ctx.conversations.setState(message.id, 'paused', { runId: result.runId })
      for (const id of result.approvalIds) {
        const approval = ctx.store.approvals.get(id)
        if (approval?.status === 'pending') await offerApproval(ctx, approval, conversationId, correlationId, false)
      }
      return 'waiting'
    }
    if (result.status !== 'completed') {
      ctx.conversations.setState(message.id, 'failed', { runId: result.runId, error: result.reason })
      await addNotice(ctx, {
        conversationId,
        correlationId,
        sourceId: message.id,
        text: fillText(runFailedText, { reason: result.reason }),
      })
      return 'done'
    }
    const replies = ctx.replyMode === 'publish' ? result.replies : [result.text]
    const added = ctx.store.transaction(() => {
      const outbox = replies
        .map((text) => text.trim())
        .filter((text) => text !== '')
        .map(
          (text, ordinal) =>
            ctx.conversations.addOutbound({
              conversationId,
              role: 'assistant',
              text,
              sourceId: message.id,
              ordinal,
              correlationId,
              runId: result.runId,
            }).message,
        )
      ctx.conversations.setState(message.id, 'answered', { runId: result.runId })
      return outbox
    })
    ctx.metrics.replied(Date.now() - message.at)
    for (const reply of added) await publishReply(ctx, reply.id, conversationId, correlationId)
    return 'done'
  }

  #observe(event: AgentEvent, message: StoredMessage): void {
    if (event.type === 'run-started' && !event.resumed)
      this.#ctx.conversations.setState(message.id, 'running', { runId: event.runId })
    else if (event.type === 'tool-result')
      this.#ctx.metrics.toolCall(event.result.isError ? (event.result.errorCode ?? 'error') : 'ok')
  }

  /** Earlier messages of the conversation, oldest first. */
  #history(message: StoredMessage): ChatMessage[] {
    return this.#ctx.conversations.history(message.conversationId, message.seq).map((m): ChatMessage => ({
      role: m.role === 'assistant' ? 'assistant' : 'user',
      text: m.role === 'schedule' ? scheduledPrompt(m) : m.text,
      at: m.at,
    }))
  }
}

function promptOf(message: StoredMessage): string {
  return message.role === 'schedule' ? scheduledPrompt(message) : message.text
}

/** A scheduled task as the agent reads it: said by the schedule, not by the person. */
function scheduledPrompt(message: StoredMessage): string {
  const id = typeof message.data?.scheduleId === 'string' ? ` ${message.data.scheduleId}` : ''
  return `[Scheduled task${id}] ${message.text}`
}

function failedResult(runId: string, error: unknown): AgentRunResult {
  const reason = error instanceof Error ? error.message : String(error)
  return { runId, status: 'failed', reason, text: '', replies: [], approvalIds: [] }
}

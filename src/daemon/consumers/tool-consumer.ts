import { answerApproval } from '../approvals/code-approvals.js'
import { busMessage } from '../bus/bus-message.js'
import type { DaemonContext } from '../daemon-context.js'
import type { Delivery, HandlerOutcome } from '../queue/message-queue.js'

/**
 * The tool consumer (`ToolCall | ApprovalRequest`): runs a turn's calls through the invocation of
 * the run (the gate, permissions, the audit — as everywhere) and answers with a `ToolResult`; checks
 * a person's code answer and decides the approval it belongs to.
 */
export function toolConsumer(ctx: DaemonContext): (delivery: Delivery) => Promise<HandlerOutcome> {
  return async ({ message }) => {
    if (message.kind === 'approval_request') return answerApproval(ctx, message)
    if (message.kind !== 'tool_call') throw new Error(`the tool consumer does not take ${message.kind} messages`)
    const outcome = await ctx.turns.execute(message)
    if (outcome === 'unknown') {
      // Left over from a process that stopped: the run resumes from its checkpoint, where calls
      // without a recorded result are reported as of unknown outcome, never run again blindly.
      ctx.log.warn('a turn of another process life was dropped', {
        correlationId: message.correlationId,
        runId: message.runId,
      })
      return
    }
    await ctx.publish(
      busMessage('tool_result', {
        conversationId: message.conversationId,
        correlationId: message.correlationId,
        idempotencyKey: `result:${message.id}`,
        runId: message.runId,
        outcome,
        callIds: message.calls.map((call) => call.callId),
      }),
    )
  }
}

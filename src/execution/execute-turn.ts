import { callContext } from './call-context.js'
import type { Gate, GateTurn } from '../gate/gate.js'
import type { PermissionStep } from '../gate/permission-step.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import { errorResult, type AgentToolResult } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'
import { runCall, type ToolProgressEvent } from './run-call.js'

const deniedText = loadText(import.meta.url, '../gate/texts/permission-denied.txt')

/** What executing a turn needs from its invocation. */
export interface TurnContext {
  readonly snapshot: Snapshot
  readonly invocationId: string
  readonly gate: Gate
  readonly authorize: PermissionStep
  readonly signal: AbortSignal
  readonly onProgress?: (event: ToolProgressEvent) => void
}

/**
 * Executes one model turn of tool calls: the gate admits each call in model order, the permission
 * step decides, admitted calls run, and results come back in call order.
 */
export async function executeTurn(turn: GateTurn, context: TurnContext): Promise<AgentToolResult[]> {
  const { gate, snapshot, invocationId, signal } = context
  gate.checkTurn(turn)
  const results: AgentToolResult[] = []
  for (const [index, call] of turn.calls.entries()) {
    const verdict = await gate.admit(call, index, turn.calls)
    if ('rejected' in verdict) {
      results.push(verdict.rejected)
      continue
    }
    const { admitted } = verdict
    const ctx = callContext(snapshot, invocationId, call.callId, admitted.binding.toolId, signal)
    const decision = await context.authorize({ tool: admitted.tool, input: admitted.input }, ctx)
    if (decision.behavior === 'deny') {
      results.push(errorResult(call.callId, admitted.binding.toolId, 'permission.denied', fillText(deniedText, { alias: admitted.binding.alias, reason: decision.reason })))
      continue
    }
    results.push(await runCall(admitted, decision.input ?? admitted.input, ctx, context.onProgress))
  }
  return results
}

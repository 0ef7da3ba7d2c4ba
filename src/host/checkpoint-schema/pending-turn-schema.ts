import { z } from 'zod'
import type { CallState } from '../../call/call-state.js'
import type { ToolId } from '../../core/tool-id.js'
import type { PendingTurn } from '../../execution/pending-turn.js'
import { toolResultSchema } from '../../store/transcript-entry-schema.js'
import { snapshotIndex } from '../../snapshot/snapshot-index.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { PendingTurnV1 } from './checkpoint-v1.js'

// The one place a checkpoint's paused turn is described: a change of the call state changes this
// file, and the checkpoint version goes up with a migration (see checkpoint-schema.ts).

const callId = z.string().min(1)
const input = z.record(z.string(), z.unknown())
const toolId = z.string().min(1) as unknown as z.ZodType<ToolId>

const toolResult = toolResultSchema as unknown as z.ZodType<AgentToolResult>

const decision = z.object({
  behavior: z.enum(['allow', 'deny', 'ask']),
  reason: z.string().exactOptional(),
  rule: z.string().exactOptional(),
  approver: z.string().exactOptional(),
})

const base = { callId, alias: z.string(), round: z.number().int().min(0) }
const known = { ...base, toolId }

// Every phase a paused turn can hold a call in, and only those (a running call never pauses a turn).
const callState = z.discriminatedUnion('phase', [
  z.object({ ...base, phase: z.literal('rejected'), toolId: toolId.nullable(), result: toolResult }),
  z.object({ ...known, phase: z.literal('denied'), decision, result: toolResult }),
  z.object({
    ...known,
    phase: z.literal('awaiting_approval'),
    input,
    decision,
    approvalId: z.string().min(1),
    alwaysRule: z.string(),
  }),
  z.object({ ...known, phase: z.literal('scheduled'), input, decision }),
]) satisfies z.ZodType<CallState>

/** A turn paused on durable approvals, as a checkpoint stores it (checkpoint version 3 on). */
export const pendingTurnSchema: z.ZodType<PendingTurn> = z.object({
  round: z.number().int().min(0),
  calls: z.array(callState as z.ZodType<CallState>),
})

/**
 * Turns a paused turn of checkpoint versions 1 and 2 (a slot per call, without tool ids) into call states: a done slot
 * becomes denied (a `permission.denied` result) or rejected, an allowed one scheduled, a pending
 * one awaiting approval. Tool ids and aliases come from the invocation's snapshot.
 * @throws Error naming the alias when the snapshot does not hold it
 */
export function pendingTurnFromSlots(v1: PendingTurnV1, snapshot: Pick<Snapshot, 'bindings'>): PendingTurn {
  const { round } = v1
  const index = snapshotIndex(snapshot)
  const known = (alias: string): ToolId => {
    const binding = index.byAlias(alias)
    if (binding === undefined)
      throw new Error(`the paused call of "${alias}" names no tool of the invocation's snapshot`)
    return binding.toolId
  }
  const calls = v1.slots.map((slot): CallState => {
    switch (slot.kind) {
      case 'done': {
        const result = slot.result as AgentToolResult
        const alias = result.toolId === null ? '' : (index.aliasOf(result.toolId) ?? result.toolId)
        if (result.toolId !== null && result.errorCode === 'permission.denied')
          return {
            callId: result.callId,
            alias,
            round,
            phase: 'denied',
            toolId: result.toolId,
            decision: { behavior: 'deny' },
            result,
          }
        return { callId: result.callId, alias, round, phase: 'rejected', toolId: result.toolId, result }
      }
      case 'allowed':
        return {
          callId: slot.callId,
          alias: slot.alias,
          round,
          phase: 'scheduled',
          toolId: known(slot.alias),
          input: slot.input,
          decision: { behavior: 'allow' },
        }
      case 'pending':
        return {
          callId: slot.callId,
          alias: slot.alias,
          round,
          phase: 'awaiting_approval',
          toolId: known(slot.alias),
          input: slot.input,
          decision: { behavior: 'ask' },
          approvalId: slot.approvalId,
          alwaysRule: slot.alwaysRule,
        }
    }
  })
  return { round, calls }
}

import type { ToolId } from '../core/tool-id.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'

/**
 * The phases of a call's life, in the order a call moves through them:
 *
 * ```
 * requested ─┬─ rejected                       (the gate refused it: unknown name, bad arguments, budget)
 *            └─ admitted ─┬─ denied            (a rule, hook, the tool's own check or a person said no)
 *                         ├─ awaiting_approval ─┬─ denied
 *                         │                     └─ scheduled
 *                         └─ scheduled ─┬─ running ─┬─ succeeded | failed | timed_out | cancelled
 *                                       │           └─ outcome_unknown   (the process died while it ran)
 *                                       └─ failed | cancelled             (it never started)
 * ```
 */
export const callPhases = [
  'requested',
  'rejected',
  'admitted',
  'denied',
  'awaiting_approval',
  'scheduled',
  'running',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'outcome_unknown',
] as const

/** A phase of a call's life; see {@link callPhases}. */
export type CallPhase = (typeof callPhases)[number]

/** The phases a call never leaves. */
export const terminalCallPhases = [
  'rejected',
  'denied',
  'succeeded',
  'failed',
  'timed_out',
  'cancelled',
  'outcome_unknown',
] as const satisfies readonly CallPhase[]

/** A phase a call never leaves. */
export type TerminalCallPhase = (typeof terminalCallPhases)[number]

/** What decided whether a call may run, for people reading the audit. */
export interface CallDecisionRecord {
  readonly behavior: 'allow' | 'deny' | 'ask'
  readonly reason?: string
  /** The rule that matched, if one did. */
  readonly rule?: string
  /** The person, channel or step that decided (`rule`, `mode`, `tool`, `hook`, a person's name…). */
  readonly approver?: string
}

interface CallBase {
  readonly callId: string
  /** The name the model called. */
  readonly alias: string
  readonly round: number
}

interface KnownTool extends CallBase {
  readonly toolId: ToolId
}

/**
 * One call at one moment of its life. Each phase carries what the next steps need, and every
 * terminal phase carries the result the model is given. Plain data: a paused turn checkpoints its
 * calls as they stand, and another process continues them.
 */
export type CallState =
  | (CallBase & {
      readonly phase: 'requested'
      /** `null` when the model called a name the snapshot does not have. */
      readonly toolId: ToolId | null
      readonly rawArguments: string
    })
  | (CallBase & { readonly phase: 'rejected'; readonly toolId: ToolId | null; readonly result: AgentToolResult })
  | (KnownTool & {
      readonly phase: 'admitted'
      readonly input: Record<string, unknown>
      /** The tool's one-line description of the call for people, when it gives one. */
      readonly title?: string
    })
  | (KnownTool & {
      readonly phase: 'denied'
      readonly decision: CallDecisionRecord
      readonly result: AgentToolResult
    })
  | (KnownTool & {
      readonly phase: 'awaiting_approval'
      readonly input: Record<string, unknown>
      readonly decision: CallDecisionRecord
      readonly approvalId: string
      /** The rule "allow always" would add. */
      readonly alwaysRule: string
    })
  | (KnownTool & {
      readonly phase: 'scheduled'
      /** The input the call runs with (a hook or the tool's own check may have replaced the model's). */
      readonly input: Record<string, unknown>
      readonly decision: CallDecisionRecord
    })
  | (KnownTool & { readonly phase: 'running'; readonly input: Record<string, unknown> })
  | (KnownTool & {
      readonly phase: 'succeeded' | 'timed_out' | 'cancelled' | 'outcome_unknown'
      readonly result: AgentToolResult
    })
  | (KnownTool & {
      readonly phase: 'failed'
      /** The error result the model is given; absent when the tool broke and the run ends. */
      readonly result?: AgentToolResult
      /** What broke, for people: a tool that threw instead of returning an error result. */
      readonly error?: { readonly name: string; readonly message: string }
    })

/** The state of a call in `phase`. */
export type CallStateIn<P extends CallPhase> = Extract<CallState, { readonly phase: P }>

/** True when `state` is in a phase the call never leaves. */
export function isTerminal(state: CallState): state is CallStateIn<TerminalCallPhase> {
  return (terminalCallPhases as readonly CallPhase[]).includes(state.phase)
}

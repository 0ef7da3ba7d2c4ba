import type { ToolId } from '../../core/tool-id.js'

/** What a person is asked to approve: the exact call, why it needs approval, and the rule. */
export interface ApprovalRequest {
  /** Unguessable id of the request (`apr_…`). */
  readonly id: string
  readonly runId: string
  readonly invocationId: string
  readonly callId: string
  readonly toolId: ToolId
  readonly alias: string
  readonly input: Record<string, unknown>
  /** The tool's one-line description of this call for people (`Edit src/a.ts`), when it has one. */
  readonly title?: string
  /** The input as shown to the person: pretty JSON with control and bidi characters made visible. */
  readonly inputText: string
  readonly reason: string
  /** The rule that asked, when one did. */
  readonly rule?: string
  /**
   * The rule "allow always" would add, naming this call alone, e.g. `builtin:workspace.shell(git push)`;
   * several (a compound command, several paths) as a JSON array of rule texts (see `alwaysRulesIn`).
   */
  readonly alwaysRule: string
  /** The profile file "allow always" writes the rule to; absent when it applies to this invocation only. */
  readonly alwaysRulesFile?: string
  /**
   * Set when a running call asks (a process tool's HTTP or database request): the call waits for
   * the answer, so `'pending'` counts as no.
   */
  readonly duringCall?: boolean
}

/** A person's answer. `always` also adds {@link ApprovalRequest.alwaysRule} to the profile. */
export type ApprovalDecision =
  | { readonly behavior: 'allow'; readonly scope: 'once' | 'always'; readonly approver?: string }
  | { readonly behavior: 'deny'; readonly message?: string; readonly approver?: string }

/**
 * Decides approval requests. Return a decision, or `'pending'` to leave the request durable in the
 * store: the invocation pauses until a later process decides it.
 */
export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalDecision | 'pending'>

/** The approver that leaves every request pending in the store. */
export const durableApprover: Approver = async () => 'pending'

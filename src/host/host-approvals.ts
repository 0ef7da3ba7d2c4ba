import type { ApprovalFilter, ApprovalRecord } from '../store/approvals.js'
import type { Store } from '../store/store.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { InvocationRuntimeOptions } from './invocation-runtime-options.js'
import type { Invocation } from './invocation.js'

/** A decision made on a durable approval, and the turn it let continue, if it could. */
export interface ApprovalOutcome {
  readonly approval: ApprovalRecord
  /** The results of the whole turn, when this was its last pending approval and it was continued. */
  readonly results?: AgentToolResult[]
  /** Approvals of the same turn still waiting. */
  readonly stillPending: readonly string[]
  /**
   * Set when the turn belongs to an agent run: the decision is stored and the run continues the
   * turn itself when it is resumed (`toolhost run --resume <runId>`, `resumeAgentRun`), since only
   * the run can give its tools what they act on and carry on with the model.
   */
  readonly resumeRun?: string
  /**
   * For an "always" approval: the rule added, and the profile file it was written to (absent when
   * it applies to the invocation only, its profile being given in code or the store in memory).
   */
  readonly always?: { readonly rule: string; readonly file?: string }
}

/**
 * Durable approval requests of the host's store: list them, and approve or deny one — by any
 * process, also after a restart. Deciding the last pending request of a turn continues that turn,
 * except in an agent run, which continues it when resumed.
 *
 * @example
 * for (const request of host.approvals.list({ status: 'pending' })) await host.approvals.approve(request.id)
 */
export class HostApprovals {
  readonly #store: () => Store
  readonly #resume: (invocationId: string, runtime?: InvocationRuntimeOptions) => Promise<Invocation>

  constructor(
    store: () => Store,
    resume: (invocationId: string, runtime?: InvocationRuntimeOptions) => Promise<Invocation>,
  ) {
    this.#store = store
    this.#resume = resume
  }

  list(filter: ApprovalFilter = {}): ApprovalRecord[] {
    return this.#store().approvals.list(filter)
  }

  get(id: string): ApprovalRecord | undefined {
    return this.#store().approvals.get(id)
  }

  /** Allows a pending request once or always, then continues its turn if nothing else waits. */
  async approve(
    id: string,
    options: {
      readonly scope?: 'once' | 'always'
      readonly approver?: string
      readonly continueTurn?: boolean
      readonly runtime?: InvocationRuntimeOptions
    } = {},
  ): Promise<ApprovalOutcome> {
    const approval = this.#store().approvals.resolve(id, {
      behavior: 'allow',
      scope: options.scope ?? 'once',
      approver: options.approver ?? 'api',
    })
    return this.#continue(approval, options.continueTurn ?? true, options.runtime)
  }

  /** Denies a pending request, with a message for the model, then continues its turn if nothing else waits. */
  async deny(
    id: string,
    options: {
      readonly message?: string
      readonly approver?: string
      readonly continueTurn?: boolean
      readonly runtime?: InvocationRuntimeOptions
    } = {},
  ): Promise<ApprovalOutcome> {
    const approval = this.#store().approvals.resolve(id, {
      behavior: 'deny',
      approver: options.approver ?? 'api',
      ...(options.message !== undefined && { message: options.message }),
    })
    return this.#continue(approval, options.continueTurn ?? true, options.runtime)
  }

  async #continue(
    approval: ApprovalRecord,
    continueTurn: boolean,
    runtime?: InvocationRuntimeOptions,
  ): Promise<ApprovalOutcome> {
    const invocation = await this.#resume(approval.invocationId, runtime)
    // The rule is written now, not when the turn goes on: "always" holds even if the run is never resumed.
    const rule = approval.decision === 'always' ? (approval.alwaysRule ?? undefined) : undefined
    const always = rule === undefined ? {} : { always: { rule, ...optionalFile(await invocation.allowAlways(rule)) } }
    const stillPending = invocation.pendingApprovals.filter(
      (id) => this.#store().approvals.get(id)?.status === 'pending',
    )
    if (this.#store().runEvents(invocation.runId, { type: 'run_started' }).length > 0)
      return { approval, stillPending, resumeRun: invocation.runId, ...always }
    if (!continueTurn || stillPending.length > 0 || invocation.pendingApprovals.length === 0)
      return { approval, stillPending, ...always }
    return { approval, results: await invocation.continueTurn(), stillPending, ...always }
  }
}

function optionalFile(file: string | undefined): { file?: string } {
  return file === undefined ? {} : { file }
}

import type { ToolProgressEvent } from '../execution/run/run-call.js'
import { type Approver } from '../permissions/approvals/approval-request.js'
import type { RunServices } from '../tool/run-services.js'

/** What every invocation may be given, at creation or when resumed. */
export interface InvocationRuntimeOptions {
  /** The run's signal: aborting it cancels running calls. */
  readonly signal?: AbortSignal
  /** Receives progress reports of running calls. */
  readonly onProgress?: (event: ToolProgressEvent) => void
  /** Decides calls that need approval; by default requests wait durably in the store. */
  readonly approver?: Approver
  /** Services of the agent run driving the invocation (the agent loop supplies them). */
  readonly run?: RunServices
}

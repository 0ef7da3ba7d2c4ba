import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import type { Gate } from '../gate/gate.js'
import type { Approver } from '../permissions/approvals/approval-request.js'
import type { HookConfig } from '../permissions/hooks/hook-types.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { Store } from '../store/store.js'
import type { ToolId } from '../core/tool-id.js'
import type { InvocationScope } from './call-context.js'
import type { CallRecorder } from './record/call-recorder.js'
import type { ToolProgressEvent } from './run/run-call.js'

/** Everything a turn needs from its invocation and host. */
export interface TurnContext extends InvocationScope {
  readonly snapshot: Snapshot
  readonly runId: string
  readonly invocationId: string
  readonly round: number
  readonly gate: Gate
  readonly store: Store
  readonly recorder: CallRecorder
  /** The run's directory on the host: `tool-results/` and images go below it. */
  readonly runDir: string
  readonly hooks: HookConfig
  readonly approver: Approver
  readonly signal: AbortSignal
  readonly onProgress?: (event: ToolProgressEvent) => void
  readonly resolveTool: (id: ToolId) => CatalogTool | undefined
  /** The profile as it stands now ("allow always" adds rules during a turn). */
  profile(): Profile
  /** Adds an allow rule to the invocation's profile and, where it came from a file, to the file. */
  allowAlways(rule: string): Promise<void>
  readonly profileSource: ProfileSource
}

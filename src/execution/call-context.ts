import { snapshotIndex } from '../snapshot/snapshot-index.js'
import type { Profile } from '../profile/profile-schema.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { HostDirs, ToolCallContext } from '../tool/define-tool.js'
import type { ToolId } from '../core/tool-id.js'
import type { OwnerMemory } from '../memory/memory-types.js'
import type { ReadState } from '../workspace/read-state.js'
import type { Workspace } from '../workspace/workspace.js'
import type { RunServices } from '../tool/run-services.js'

/** What every call of an invocation shares. */
export interface InvocationScope {
  readonly snapshot: Snapshot
  readonly invocationId: string
  readonly workspace: Workspace
  readonly readState: ReadState
  readonly memory: OwnerMemory
  profile(): Profile
  /** The agent run's services, when a loop drives the invocation. */
  readonly run?: RunServices
  /** toolhost's directories for the invocation's tools. */
  readonly hostDirs?: HostDirs
  /** Asks a person about something a running call wants to do; see ToolCallContext.requestApproval. */
  requestApproval(
    call: { readonly callId: string; readonly toolId: ToolId },
    request: { readonly reason: string; readonly detail: Record<string, unknown> },
  ): Promise<boolean>
}

/** Builds the context a call (and its permission check) receives, naming tools by snapshot alias. */
export function callContext(
  scope: InvocationScope,
  callId: string,
  toolId: ToolId,
  signal: AbortSignal,
): ToolCallContext {
  const { snapshot, invocationId, workspace, readState } = scope
  const { aliasOf } = snapshotIndex(snapshot)
  return {
    callId,
    toolId,
    invocationId,
    signal,
    scope: snapshot.scope,
    protocol: snapshot.protocol,
    alias: (id) => aliasOf(id) ?? id,
    has: (id) => aliasOf(id) !== undefined,
    workspace,
    readState,
    profile: scope.profile(),
    memory: scope.memory,
    requestApproval: (request) => scope.requestApproval({ callId, toolId }, request),
    ...(scope.run !== undefined && { run: scope.run }),
    ...(scope.hostDirs !== undefined && { hostDirs: scope.hostDirs }),
  }
}

import { durableApprover } from '../permissions/approvals/approval-request.js'
import type { Store } from '../store/store.js'
import { findHostTool } from './host-catalog.js'
import type { HostContext } from './host-context.js'
import { hooksFor } from './host-hooks.js'
import type { InvocationRuntimeOptions } from './invocation-runtime-options.js'
import { invocationWorkspace } from './invocation-workspace.js'
import { Invocation } from './invocation.js'
import type { StoredInvocation } from './read-checkpoint.js'

/**
 * An {@link Invocation} over an invocation in the store: its workspace as the checkpoint describes
 * it, the host's tools, "allow always" rules and hooks, and the caller's runtime options.
 */
export function openInvocation(
  host: HostContext,
  store: Store,
  id: string,
  { runId, snapshot, checkpoint }: StoredInvocation,
  runtime: InvocationRuntimeOptions,
): Invocation {
  const workspace = invocationWorkspace(snapshot.scope, {
    projectDir: checkpoint.workspaceDir ?? host.workspaceDir,
    dataDir: host.dataDir,
    runDir: host.store().runDir(runId),
    ...(host.skillsDir !== undefined && { skillsDir: host.skillsDir }),
    ...(checkpoint.skills !== undefined && { skills: checkpoint.skills }),
  })
  return new Invocation({
    id,
    runId,
    snapshot,
    store,
    checkpoint,
    resolveTool: (toolId) => findHostTool(host, toolId),
    workspace,
    approver: runtime.approver ?? durableApprover,
    alwaysRules: host.alwaysRules,
    hooks: hooksFor(host.hooks, checkpoint.profile),
    signal: runtime.signal,
    onProgress: runtime.onProgress,
    ...(runtime.run !== undefined && { run: runtime.run }),
  })
}

import type { HostContext } from './host-context.js'
import type { InvocationRuntimeOptions } from './invocation-runtime-options.js'
import type { Invocation } from './invocation.js'
import { openInvocation } from './open-invocation.js'
import { readStoredInvocation } from './read-checkpoint.js'

/** Reopens a stored invocation with its frozen snapshot, gate counts, profile and any paused turn. */
export async function resumeHostInvocation(
  host: HostContext,
  invocationId: string,
  runtime: InvocationRuntimeOptions = {},
): Promise<Invocation> {
  const db = host.store()
  // Checked and migrated: the checkpoint and snapshot may come from an older (or newer) toolhost.
  const stored = readStoredInvocation(db, invocationId)
  await host.processTools.add(stored.checkpoint.processDirs ?? [])
  return openInvocation(host, db, invocationId, stored, runtime)
}

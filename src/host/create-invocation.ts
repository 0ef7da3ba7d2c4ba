import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { emptyGateState } from '../gate/gate-state.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import type { Profile } from '../profile/profile-schema.js'
import { toStoredSnapshot } from '../snapshot/stored-snapshot.js'
import { freezeSnapshot } from './freeze-snapshot.js'
import type { HostContext } from './host-context.js'
import { checkpointVersion, type InvocationCheckpoint } from './invocation-checkpoint.js'
import type { InvocationOptions } from './invocation-options.js'
import type { Invocation } from './invocation.js'
import { openInvocation } from './open-invocation.js'
import { resolveHostProfile } from './resolve-host-profile.js'

/** Freezes the catalog into a snapshot for a new invocation, stores it with its first checkpoint and opens its gate. */
export async function createHostInvocation(host: HostContext, options: InvocationOptions): Promise<Invocation> {
  const db = host.store()
  const { profile, source } = await resolveHostProfile(host, options.profile)
  await host.processTools.add(profile.tools.processDirs)
  const snapshot = freezeSnapshot(host, options, profile)
  const runId = options.runId ?? db.createRun({ scope: options.scope, profileId: profile.id }).id
  if (db.getRun(runId) === undefined) throw new Error(`No run ${runId} in the store.`)
  const id = `inv_${randomUUID().replace(/-/g, '')}`
  db.createInvocation({ id, runId, protocol: options.protocol, snapshot: toStoredSnapshot(snapshot), profile })
  const checkpoint = firstCheckpoint(host, options, profile, source)
  db.saveCheckpoint(id, checkpoint)
  return openInvocation(host, db, id, { runId, snapshot, checkpoint }, options)
}

/** The checkpoint of a new invocation: round 0, an empty gate, and what a resume elsewhere needs. */
function firstCheckpoint(
  host: HostContext,
  options: InvocationOptions,
  profile: Profile,
  resolvedSource: ProfileSource,
): InvocationCheckpoint {
  return {
    version: checkpointVersion,
    round: 0,
    gateState: emptyGateState,
    profile,
    profileSource: options.profileSource ?? resolvedSource,
    toolChoice: options.toolChoice ?? 'auto',
    acceptsImages: options.acceptsImages ?? false,
    owner: options.owner ?? 'user:local',
    // Remembered, so that a call approved from another process (or directory) finds its tool and works where it was asked to.
    processDirs: [...host.processDirs, ...profile.tools.processDirs].map((dir) => resolve(dir)),
    workspaceDir: host.workspaceDir,
    ...(options.skills !== undefined && { skills: options.skills }),
    ...(options.direct === true && { direct: true }),
  }
}

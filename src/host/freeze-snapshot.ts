import { isProtocolName } from '../core/protocol-name.js'
import { isScope } from '../core/scope.js'
import type { Profile } from '../profile/profile-schema.js'
import { getProtocol } from '../snapshot/protocols/index.js'
import { buildSnapshot, type Snapshot } from '../snapshot/snapshot.js'
import { currentCatalog } from './host-catalog.js'
import type { HostContext } from './host-context.js'
import type { InvocationOptions } from './invocation-options.js'

/** What a snapshot is frozen for. */
export type SnapshotRequest = Pick<
  InvocationOptions,
  'scope' | 'protocol' | 'acceptsImages' | 'contextTokens' | 'features'
>

/**
 * Freezes the host's catalog into a snapshot for a profile (its process tool directories loaded
 * already).
 * @throws TypeError when the scope, protocol or context size is not one toolhost knows
 */
export function freezeSnapshot(host: HostContext, request: SnapshotRequest, profile: Profile): Snapshot {
  host.assertOpen()
  if (!isScope(request.scope))
    throw new TypeError(`scope must be chat or session, not ${JSON.stringify(request.scope)}`)
  if (!isProtocolName(request.protocol)) throw new TypeError(`unknown protocol ${JSON.stringify(request.protocol)}`)
  const { contextTokens } = request
  if (contextTokens !== undefined && (!Number.isInteger(contextTokens) || contextTokens < 1))
    throw new TypeError(`contextTokens must be a positive whole number, not ${JSON.stringify(contextTokens)}`)
  return buildSnapshot({
    catalog: currentCatalog(host, profile.tools.processDirs),
    profile,
    scope: request.scope,
    protocol: getProtocol(request.protocol),
    acceptsImages: request.acceptsImages ?? false,
    ...(contextTokens !== undefined && { contextTokens }),
    ...(request.features !== undefined && { features: request.features }),
  })
}

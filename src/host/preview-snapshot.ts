import type { Profile } from '../profile/profile-schema.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import { freezeSnapshot, type SnapshotRequest } from './freeze-snapshot.js'
import { currentCatalog } from './host-catalog.js'
import type { HostContext } from './host-context.js'
import type { InvocationOptions } from './invocation-options.js'
import { notOfferedTools, type NotOfferedTool } from './not-offered.js'
import { resolveHostProfile } from './resolve-host-profile.js'

/**
 * The snapshot an invocation with these options would get, without creating one (nothing is
 * stored), and the MCP, process and extension tools it leaves out, with why.
 */
export async function previewSnapshot(
  host: HostContext,
  request: SnapshotRequest & Pick<InvocationOptions, 'profile'>,
): Promise<{ snapshot: Snapshot; profile: Profile; notOffered: NotOfferedTool[] }> {
  const { profile } = await resolveHostProfile(host, request.profile)
  await host.processTools.add(profile.tools.processDirs)
  const snapshot = freezeSnapshot(host, request, profile)
  const mcp = host.mcp()
  const servers = mcp.registrations().map((server) => ({ ...server, tools: mcp.tools(server.id) }))
  return {
    snapshot,
    profile,
    notOffered: notOfferedTools(currentCatalog(host, profile.tools.processDirs), snapshot, profile, servers),
  }
}

import { join } from 'node:path'
import type { ProtocolName } from '../core/protocol-name.js'
import type { Scope } from '../core/scope.js'
import type { ProfileOverrides } from '../profile/load-profile.js'
import type { Profile } from '../profile/profile-schema.js'
import { snapshotIndex } from '../snapshot/snapshot-index.js'
import { explainPermission, type PermissionExplanation } from './explain-permission.js'
import { freezeSnapshot } from './freeze-snapshot.js'
import { aliasOf, currentCatalog } from './host-catalog.js'
import type { HostContext } from './host-context.js'
import { invocationWorkspace } from './invocation-workspace.js'
import { serverIdsIn } from './mcp-server-names.js'
import { resolveHostProfile } from './resolve-host-profile.js'

/**
 * Explains what a profile's rules and mode decide for a call of a tool, named as `toolhost tools
 * call` names it: id, builtin name, or the alias of the profile's snapshot in the scope.
 * @throws TypeError when no tool has the name, or the arguments do not fit it
 */
export async function explainNamedTool(
  host: HostContext,
  name: string,
  args: unknown,
  profileRef?: string | Profile | ProfileOverrides,
  {
    scope = 'session',
    protocol = 'openai-responses',
  }: { readonly scope?: Scope; readonly protocol?: ProtocolName } = {},
): Promise<PermissionExplanation> {
  const { profile } = await resolveHostProfile(host, profileRef)
  await host.processTools.add(profile.tools.processDirs)
  const catalog = currentCatalog(host, profile.tools.processDirs)
  // The names `tools call` takes (id, builtin name, the snapshot's alias), then any tool of the catalog the profile does not offer.
  const index = snapshotIndex(freezeSnapshot(host, { scope, protocol }, profile))
  const binding = index.byToolId(name) ?? index.byToolId(`builtin:${name}`) ?? index.byAlias(name)
  const named = serverIdsIn(name, host.mcp().registrations())
  const tool =
    (binding === undefined ? undefined : catalog.get(binding.toolId)) ??
    catalog.get(named) ??
    catalog.get(`builtin:${name}`) ??
    catalog.tools.find((t) => aliasOf(t) === name)
  if (tool === undefined) throw new TypeError(`No tool "${name}" in the catalog; see "toolhost tools list".`)
  return explainPermission(
    tool,
    args,
    profile,
    invocationWorkspace(scope, {
      projectDir: host.workspaceDir,
      dataDir: host.dataDir,
      runDir: join(host.dataDir, 'runs', 'explain'),
    }),
    binding !== undefined,
  )
}

import { listCatalog } from '../catalog/catalog.js'
import { HostApprovals } from './host-approvals.js'
import { aliasOf, currentCatalog } from './host-catalog.js'
import { openHostContext } from './host-context.js'
import { previewSnapshot } from './preview-snapshot.js'
import { resolveHostProfile } from './resolve-host-profile.js'
import type { ToolHost } from './tool-host.js'
import type { ToolHostOptions } from './tool-host-options.js'
import { trustProcessTools } from './trust-process-tools.js'

export { defaultDataDir } from './default-data-dir.js'
export type { InvocationOptions } from './invocation-options.js'
export type { ToolHost } from './tool-host.js'
export type { ToolHostOptions } from './tool-host-options.js'

/**
 * Creates a tool host.
 *
 * @example
 * const host = await createToolHost()
 * const inv = await host.createInvocation({ scope: 'session', protocol: 'openai-responses' })
 * const [result] = await inv.executeTurn({ calls: [{ callId: 'c1', name: 'dice_roll', arguments: { formula: '2d6+3' } }] })
 * await host.close()
 */
export async function createToolHost(options: ToolHostOptions = {}): Promise<ToolHost> {
  const context = await openHostContext(options)
  const host: ToolHost = {
    dataDir: context.dataDir,
    workspaceDir: context.workspaceDir,
    skillsDir: context.skillsDir,
    extensions: context.extensions,
    approvals: new HostApprovals(context.store, (id, runtime) => host.resumeInvocation(id, runtime)),
    store: context.store,
    mcp: context.mcp,
    catalog: ({ scope = 'session' } = {}) => listCatalog(currentCatalog(context), scope, aliasOf),
    resolveProfile: (profile) => resolveHostProfile(context, profile),
    trustProcessTools: (paths) => trustProcessTools(context, paths),
    snapshot: (request) => previewSnapshot(context, request),
    // The call pipeline (gate, permissions, scheduler, results) loads with the first invocation or
    // explanation: a host that only lists its tools or serves a snapshot's listing never needs it.
    createInvocation: async (invocation) =>
      (await import('./create-invocation.js')).createHostInvocation(context, invocation),
    explainPermission: async (tool, args, profile, explainOptions) =>
      (await import('./explain-named-tool.js')).explainNamedTool(context, tool, args, profile, explainOptions),
    resumeInvocation: async (invocationId, runtime) =>
      (await import('./resume-invocation.js')).resumeHostInvocation(context, invocationId, runtime),
    close: () => context.close(),
  }
  return host
}

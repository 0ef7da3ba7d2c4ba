import { randomUUID } from 'node:crypto'
import { join, resolve } from 'node:path'
import { builtinCatalogTool } from '../catalog/builtin-tool.js'
import { buildCatalog, listCatalog, type Catalog, type CatalogEntry } from '../catalog/catalog.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { defaultProfile } from '../catalog/default-profile.js'
import { findProfileFile, mergeProfile, ProfileError, type ProfileOverrides } from '../catalog/load-profile.js'
import type { Profile } from '../catalog/profile-schema.js'
import { isScope, type Scope } from '../catalog/scope.js'
import type { ToolProgressEvent } from '../execution/run-call.js'
import type { GateState } from '../gate/gate-state.js'
import { toolOwnPermissionStep, type PermissionStep } from '../gate/permission-step.js'
import type { ToolChoice } from '../gate/tool-choice.js'
import { ExtensionRegistry } from '../extensions/extension-registry.js'
import { getProtocol } from '../snapshot/protocols/index.js'
import { isProtocolName, type ProtocolName } from '../snapshot/protocols/protocol-name.js'
import { buildSnapshot, type Snapshot } from '../snapshot/snapshot.js'
import { builtinAlias } from '../snapshot/tool-alias.js'
import type { AnyToolDefinition } from '../tool/define-tool.js'
import { builtinTools } from '../tools/index.js'
import { Invocation } from './invocation.js'

/** Options of {@link createToolHost}. */
export interface ToolHostOptions {
  /** Where toolhost keeps its data; default `$TOOLHOST_HOME` or `.toolhost/` in the working directory. */
  readonly dataDir?: string
  /** The directory tools work in; default the working directory. */
  readonly workspaceDir?: string
  /** Your own in-process tools, offered like builtins (`builtin:<name>`). */
  readonly tools?: readonly AnyToolDefinition[]
}

/** Options of {@link ToolHost.createInvocation}. */
export interface InvocationOptions {
  /** A profile id (`default` or one in `<dataDir>/profiles/`), or settings merged onto the default profile. */
  readonly profile?: string | Profile | ProfileOverrides
  readonly scope: Scope
  readonly protocol: ProtocolName
  /** Whether the model reads images. */
  readonly acceptsImages?: boolean
  /** Default tool choice of every turn; `auto` when omitted. */
  readonly toolChoice?: ToolChoice
  /** The run's signal: aborting it cancels running calls. */
  readonly signal?: AbortSignal
  /** Receives progress reports of running calls. */
  readonly onProgress?: (event: ToolProgressEvent) => void
  /** The permission step of the gate; by default each tool's own `checkPermissions` decides. */
  readonly authorize?: PermissionStep
  /** Counts restored from a checkpoint. */
  readonly gateState?: GateState
}

/** The runtime: the catalog, extension tools, and invocations over snapshots. */
export interface ToolHost {
  readonly dataDir: string
  readonly workspaceDir: string
  /** Every tool known to the host, ordered by id. */
  catalog(options?: { readonly scope?: Scope }): CatalogEntry[]
  /** Tools registered by extensions at run time. */
  readonly extensions: ExtensionRegistry
  /** Resolves a profile as {@link InvocationOptions.profile} does. */
  resolveProfile(profile?: string | Profile | ProfileOverrides): Promise<Profile>
  /** Freezes the catalog into a snapshot for one invocation and opens its gate. */
  createInvocation(options: InvocationOptions): Promise<Invocation>
  close(): Promise<void>
}

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
  const dataDir = resolve(options.dataDir ?? process.env.TOOLHOST_HOME ?? join(process.cwd(), '.toolhost'))
  const workspaceDir = resolve(options.workspaceDir ?? process.cwd())
  const builtins = buildCatalog([{ tools: [...builtinTools, ...(options.tools ?? [])].map(builtinCatalogTool), diagnostics: [] }])
  const extensions = new ExtensionRegistry()
  let closed = false

  const currentCatalog = (): Catalog => buildCatalog([builtins, extensions.catalogTools()])
  const resolveTool = (id: string): CatalogTool | undefined => (id.startsWith('builtin:') ? builtins.get(id) : currentCatalog().get(id))
  const aliasOf = (tool: CatalogTool) => (tool.source === 'builtin' ? builtinAlias(tool.nativeName) : tool.id)

  const resolveProfile = async (profile?: string | Profile | ProfileOverrides): Promise<Profile> => {
    if (profile === undefined || profile === 'default') return defaultProfile
    if (typeof profile === 'string') {
      const found = await findProfileFile(dataDir, profile)
      if (found === undefined) throw new ProfileError([`no profile "${profile}" in ${join(dataDir, 'profiles')} (looked for .json, .yaml, .yml)`])
      return found
    }
    return mergeProfile(defaultProfile, profile)
  }

  return {
    dataDir,
    workspaceDir,
    extensions,
    catalog: ({ scope = 'session' } = {}) => listCatalog(currentCatalog(), scope, aliasOf),
    resolveProfile,
    async createInvocation(invocation) {
      if (closed) throw new Error('This tool host is closed.')
      if (!isScope(invocation.scope)) throw new TypeError(`scope must be chat or session, not ${JSON.stringify(invocation.scope)}`)
      if (!isProtocolName(invocation.protocol)) throw new TypeError(`unknown protocol ${JSON.stringify(invocation.protocol)}`)
      const profile = await resolveProfile(invocation.profile)
      const snapshot: Snapshot = buildSnapshot({ catalog: currentCatalog(), profile, scope: invocation.scope, protocol: getProtocol(invocation.protocol) })
      return new Invocation({
        id: `inv_${randomUUID()}`,
        profile,
        snapshot,
        acceptsImages: invocation.acceptsImages ?? false,
        toolChoice: invocation.toolChoice ?? 'auto',
        resolveTool,
        authorize: invocation.authorize ?? toolOwnPermissionStep,
        signal: invocation.signal,
        onProgress: invocation.onProgress,
        gateState: invocation.gateState,
      })
    },
    async close() {
      closed = true
    },
  }
}

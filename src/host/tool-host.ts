import type { CatalogEntry } from '../catalog/catalog.js'
import type { ProtocolName } from '../core/protocol-name.js'
import type { Scope } from '../core/scope.js'
import type { ExtensionRegistry } from '../extensions/extension-registry.js'
import type { McpClientManager } from '../mcp/client/index.js'
import type { SpecToTrust } from '../process/spec-files-to-trust.js'
import type { ProfileOverrides } from '../profile/load-profile.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import type { Profile } from '../profile/profile-schema.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { Store } from '../store/store.js'
import type { PermissionExplanation } from './explain-permission.js'
import type { HostApprovals } from './host-approvals.js'
import type { InvocationOptions } from './invocation-options.js'
import type { InvocationRuntimeOptions } from './invocation-runtime-options.js'
import type { Invocation } from './invocation.js'
import type { NotOfferedTool } from './not-offered.js'

/** The runtime: the catalog, extension tools, invocations over snapshots, the store. */
export interface ToolHost {
  readonly dataDir: string
  readonly workspaceDir: string
  /** The skills directory, when the host has one. */
  readonly skillsDir: string | undefined
  /** Every tool known to the host, ordered by id. */
  catalog(options?: { readonly scope?: Scope }): CatalogEntry[]
  /** Tools registered by extensions at run time. */
  readonly extensions: ExtensionRegistry
  /** Durable approval requests: list, approve, deny. */
  readonly approvals: HostApprovals
  /** MCP servers: registrations, discovery, per-tool Off / Ask / Allow (opens the store on first use). */
  mcp(): McpClientManager
  /** The store (opened on first use). */
  store(): Store
  /**
   * Trusts process tool specs as they are now: records each spec file's SHA-256 in the data
   * directory, so its tools are offered until the file changes. Takes spec files and directories;
   * without paths, the host's process tool directories.
   * @throws Error naming a path that is missing, unreadable or too large
   */
  trustProcessTools(paths?: readonly string[]): Promise<SpecToTrust[]>
  /** Resolves a profile as {@link InvocationOptions.profile} does, with where it came from. */
  resolveProfile(profile?: string | Profile | ProfileOverrides): Promise<{ profile: Profile; source: ProfileSource }>
  /**
   * The snapshot an invocation with these options would get, without creating one (nothing is
   * stored), and the MCP, process and extension tools it leaves out, with why.
   */
  snapshot(
    options: Pick<InvocationOptions, 'profile' | 'scope' | 'protocol' | 'acceptsImages' | 'contextTokens' | 'features'>,
  ): Promise<{ snapshot: Snapshot; profile: Profile; notOffered: NotOfferedTool[] }>
  /** Freezes the catalog into a snapshot for one invocation and opens its gate. */
  createInvocation(options: InvocationOptions): Promise<Invocation>
  /**
   * Explains what a profile's rules and mode decide for a call of a tool, named as `toolhost tools
   * call` names it: id, builtin name, or the alias of the profile's snapshot in the scope.
   * @example await host.explainPermission('builtin:workspace.shell', { command: 'git push' })
   */
  explainPermission(
    tool: string,
    args: unknown,
    profile?: string | Profile | ProfileOverrides,
    options?: { readonly scope?: Scope; readonly protocol?: ProtocolName },
  ): Promise<PermissionExplanation>
  /** Reopens a stored invocation with its frozen snapshot, gate counts, profile and any paused turn. */
  resumeInvocation(invocationId: string, options?: InvocationRuntimeOptions): Promise<Invocation>
  close(): Promise<void>
}

import { snapshotIndex } from '../snapshot/snapshot-index.js'
import type { InvocationRuntimeOptions } from './invocation-runtime-options.js'
import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { builtinCatalogTool } from '../catalog/builtin-tool.js'
import { buildCatalog, listCatalog, type Catalog, type CatalogEntry } from '../catalog/catalog.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { defaultProfile } from '../profile/default-profile.js'
import {
  findProfileFile,
  mergeProfile,
  ProfileError,
  readProfileFile,
  type ProfileOverrides,
} from '../profile/load-profile.js'
import type { Profile } from '../profile/profile-schema.js'
import type { ProfileSource } from '../profile/profile-rules.js'
import { isScope, type Scope } from '../core/scope.js'
import type { ToolChoice } from '../gate/tool-choice.js'
import { ExtensionRegistry } from '../extensions/extension-registry.js'
import { durableApprover } from '../permissions/approvals/approval-request.js'
import type { HookConfig } from '../permissions/hooks/hook-types.js'
import { hooksFor as profileHooks } from './host-hooks.js'
import { getProtocol } from '../snapshot/protocols/index.js'
import { isProtocolName, type ProtocolName } from '../core/protocol-name.js'
import { buildSnapshot, type Snapshot } from '../snapshot/snapshot.js'
import { builtinAlias } from '../snapshot/tool-alias.js'
import { openStore, type Store } from '../store/store.js'
import type { AnyToolDefinition } from '../tool/define-tool.js'
import { builtinTools } from '../tools/index.js'
import { HostApprovals } from './host-approvals.js'
import { explainPermission, type PermissionExplanation } from './explain-permission.js'
import { Invocation } from './invocation.js'
import { McpClientManager } from '../mcp/client/index.js'
import { ProcessToolDirs } from './process-tool-dirs.js'
import { readTrustedSpecs, trustSpecs } from '../process/trusted-specs.js'
import { specFilesToTrust, type SpecToTrust } from '../process/spec-files-to-trust.js'
import { invocationWorkspace } from './invocation-workspace.js'
import { checkpointVersion, type InvocationCheckpoint } from './invocation-checkpoint.js'
import { readStoredInvocation } from './read-checkpoint.js'
import { toStoredSnapshot } from '../snapshot/stored-snapshot.js'
import { alwaysRules } from './always-rules.js'
import { serverIdsIn, serverNamesIn, withServerIds } from './mcp-server-names.js'
import { notOfferedTools, type NotOfferedTool } from './not-offered.js'
import { emptyGateState } from '../gate/gate-state.js'
import type { RunFeature } from '../tool/run-services.js'

/** Options of {@link createToolHost}. */
export interface ToolHostOptions {
  /** Where toolhost keeps its data; default `$TOOLHOST_HOME` or `.toolhost/` in the working directory. */
  readonly dataDir?: string
  /** The directory tools work in; default the working directory. */
  readonly workspaceDir?: string
  /** Your own in-process tools, offered like builtins (`builtin:<name>`). */
  readonly tools?: readonly AnyToolDefinition[]
  /** In-process pre-tool and post-tool hooks, run before the profile's command hooks. */
  readonly hooks?: HookConfig
  /** Keep the store in memory (nothing survives the process; durable approvals cannot outlive it). */
  readonly inMemoryStore?: boolean
  /** Skill folders, mounted read-only at `skills/` in every workspace. */
  readonly skillsDir?: string
  /**
   * Directories of process tool specs; default `<dataDir>/tools/`, which no tool can reach (a
   * project's own `tools/` folder is source code). Profiles may name more (`tools.processDirs`).
   * A spec's tools are offered only once a person trusted the spec's content ({@link ToolHost.trustProcessTools}).
   */
  readonly processDirs?: readonly string[]
  /** Reload process tools when their spec directories change; default true. */
  readonly watchProcessTools?: boolean
}

/** Options of {@link ToolHost.createInvocation}. */
export interface InvocationOptions extends InvocationRuntimeOptions {
  /** A profile id (`default` or one in `<dataDir>/profiles/`), a profile file path, or settings merged onto the default profile. */
  readonly profile?: string | Profile | ProfileOverrides
  /**
   * Where an object `profile` came from, as {@link ToolHost.resolveProfile} returned it with the
   * profile: "allow always" writes its rules there.
   */
  readonly profileSource?: ProfileSource
  readonly scope: Scope
  readonly protocol: ProtocolName
  /** Whether the model reads images. */
  readonly acceptsImages?: boolean
  /**
   * The model's context window in tokens; with profile `tools.deferred: 'auto'`, tools are deferred
   * when their definitions would take more than `tools.deferThreshold` of it. Default 128,000.
   */
  readonly contextTokens?: number
  /** Default tool choice of every turn; `auto` when omitted. */
  readonly toolChoice?: ToolChoice
  /** The run this invocation belongs to; a new run when omitted. */
  readonly runId?: string
  /** Whose memories the tools use: `user:<id>` or `conversation:<id>`; default `user:local`. */
  readonly owner?: string
  /** Skill folders the invocation sees at `skills/<name>/`; the whole skills directory when omitted. */
  readonly skills?: readonly string[]
  /** Run features the invocation has (the agent loop sets them); tools requiring others are not offered. */
  readonly features?: readonly RunFeature[]
  /**
   * Calls made by a person by hand (`toolhost tools call`), not by a model: writes and edits need no
   * earlier read of the file in the invocation (each command is a fresh invocation), and the run
   * ends with the turn (`completed` or `failed`; `paused` while it waits for approval).
   */
  readonly direct?: boolean
}

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
  const dataDir = resolve(options.dataDir ?? defaultDataDir())
  const workspaceDir = resolve(options.workspaceDir ?? process.cwd())
  const builtins = buildCatalog([
    { tools: [...builtinTools, ...(options.tools ?? [])].map(builtinCatalogTool), diagnostics: [] },
  ])
  const extensions = new ExtensionRegistry()
  let store: Store | undefined
  let closed = false

  const openedStore = (): Store => {
    if (closed) throw new Error('This tool host is closed.')
    store ??= openStore(dataDir, { inMemory: options.inMemoryStore === true })
    return store
  }
  const hostProcessDirs = options.processDirs ?? [join(dataDir, 'tools')]
  const processTools = new ProcessToolDirs({
    watch: options.watchProcessTools ?? true,
    trusted: () => readTrustedSpecs(dataDir),
  })
  await processTools.add(hostProcessDirs)
  let mcp: McpClientManager | undefined
  const mcpManager = (): McpClientManager => (mcp ??= new McpClientManager({ store: openedStore() }))
  const currentCatalog = (profileDirs: readonly string[] = []): Catalog =>
    buildCatalog([
      builtins,
      extensions.catalogTools(),
      processTools.source([...hostProcessDirs, ...profileDirs]),
      mcpManager().catalogSource(),
    ])
  const resolveTool = (id: string): CatalogTool | undefined =>
    // By source, so that a call never rebuilds the whole catalog (or reads MCP caches) to find its tool.
    id.startsWith('builtin:')
      ? builtins.get(id)
      : id.startsWith('process/')
        ? processTools.get(id)
        : (id.startsWith('mcp/') ? mcpManager().catalogSource() : extensions.catalogTools()).tools.find(
            (tool) => tool.id === id,
          )
  const aliasOf = (tool: CatalogTool) => (tool.source === 'builtin' ? builtinAlias(tool.nativeName) : tool.id)

  const resolveProfile = async (
    profile?: string | Profile | ProfileOverrides,
  ): Promise<{ profile: Profile; source: ProfileSource }> => {
    const resolved = await resolveProfileRef(profile)
    return { ...resolved, profile: withServerIds(resolved.profile, mcpManager().registrations()) }
  }
  const resolveProfileRef = async (
    profile?: string | Profile | ProfileOverrides,
  ): Promise<{ profile: Profile; source: ProfileSource }> => {
    if (profile === undefined || profile === 'default') {
      // The stored default profile (where "allow always" keeps rules of default invocations) wins over the built-in one.
      const stored = await findProfileFile(dataDir, 'default')
      return stored === undefined
        ? { profile: defaultProfile, source: { kind: 'builtin' } }
        : { profile: stored.profile, source: { kind: 'file', path: stored.path } }
    }
    if (typeof profile === 'string') {
      if (/[\\/]|\.(json|ya?ml)$/i.test(profile))
        return { profile: await readProfileFile(profile), source: { kind: 'file', path: resolve(profile) } }
      const found = await findProfileFile(dataDir, profile)
      if (found === undefined)
        throw new ProfileError([
          `no profile "${profile}" in ${join(dataDir, 'profiles')} (looked for .json, .yaml, .yml)`,
        ])
      return { profile: found.profile, source: { kind: 'file', path: found.path } }
    }
    return { profile: mergeProfile(defaultProfile, profile), source: { kind: 'object' } }
  }
  const rulesOnDisk = alwaysRules({
    dataDir,
    onDisk: options.inMemoryStore !== true,
    portable: (rule) => serverNamesIn(rule, mcpManager().registrations()),
  })

  const freeze = (
    request: Pick<InvocationOptions, 'scope' | 'protocol' | 'acceptsImages' | 'contextTokens' | 'features'>,
    profile: Profile,
  ): Snapshot => {
    if (closed) throw new Error('This tool host is closed.')
    if (!isScope(request.scope))
      throw new TypeError(`scope must be chat or session, not ${JSON.stringify(request.scope)}`)
    if (!isProtocolName(request.protocol)) throw new TypeError(`unknown protocol ${JSON.stringify(request.protocol)}`)
    const { contextTokens } = request
    if (contextTokens !== undefined && (!Number.isInteger(contextTokens) || contextTokens < 1))
      throw new TypeError(`contextTokens must be a positive whole number, not ${JSON.stringify(contextTokens)}`)
    return buildSnapshot({
      catalog: currentCatalog(profile.tools.processDirs),
      profile,
      scope: request.scope,
      protocol: getProtocol(request.protocol),
      acceptsImages: request.acceptsImages ?? false,
      ...(contextTokens !== undefined && { contextTokens }),
      ...(request.features !== undefined && { features: request.features }),
    })
  }
  const skillsDir = options.skillsDir === undefined ? undefined : resolve(options.skillsDir)
  const workspaceFor = (
    scope: Scope,
    runId: string,
    skills: readonly string[] | undefined,
    projectDir = workspaceDir,
  ) =>
    invocationWorkspace(scope, {
      projectDir,
      dataDir,
      runDir: openedStore().runDir(runId),
      ...(skillsDir !== undefined && { skillsDir }),
      ...(skills !== undefined && { skills }),
    })
  const hooksFor = (profile: Profile): HookConfig => profileHooks(options.hooks, profile)

  const host: ToolHost = {
    dataDir,
    workspaceDir,
    skillsDir,
    extensions,
    approvals: new HostApprovals(openedStore, (id, runtime) => host.resumeInvocation(id, runtime)),
    store: openedStore,
    mcp: mcpManager,
    catalog: ({ scope = 'session' } = {}) => listCatalog(currentCatalog(), scope, aliasOf),
    resolveProfile,
    async trustProcessTools(paths) {
      const existing = paths ?? (await existingDirs(hostProcessDirs))
      const specs = await specFilesToTrust(existing)
      trustSpecs(dataDir, specs)
      return specs
    },
    async snapshot(request) {
      const { profile } = await resolveProfile(request.profile)
      await processTools.add(profile.tools.processDirs)
      const snapshot = freeze(request, profile)
      const mcp = mcpManager()
      const servers = mcp.registrations().map((server) => ({ ...server, tools: mcp.tools(server.id) }))
      return {
        snapshot,
        profile,
        notOffered: notOfferedTools(currentCatalog(profile.tools.processDirs), snapshot, profile, servers),
      }
    },
    async createInvocation(invocation) {
      const db = openedStore()
      const { profile, source: resolvedSource } = await resolveProfile(invocation.profile)
      const source = invocation.profileSource ?? resolvedSource
      await processTools.add(profile.tools.processDirs)
      // Remembered, so that a call approved from another process (or directory) finds its tool and works where it was asked to.
      const processDirs = [...hostProcessDirs, ...profile.tools.processDirs].map((dir) => resolve(dir))
      const acceptsImages = invocation.acceptsImages ?? false
      const snapshot = freeze(invocation, profile)
      const runId = invocation.runId ?? db.createRun({ scope: invocation.scope, profileId: profile.id }).id
      if (db.getRun(runId) === undefined) throw new Error(`No run ${runId} in the store.`)
      const id = `inv_${randomUUID().replace(/-/g, '')}`
      db.createInvocation({ id, runId, protocol: invocation.protocol, snapshot: toStoredSnapshot(snapshot), profile })
      const checkpoint: InvocationCheckpoint = {
        version: checkpointVersion,
        round: 0,
        gateState: emptyGateState,
        profile,
        profileSource: source,
        toolChoice: invocation.toolChoice ?? 'auto',
        acceptsImages,
        owner: invocation.owner ?? 'user:local',
        processDirs,
        workspaceDir,
        ...(invocation.skills !== undefined && { skills: invocation.skills }),
        ...(invocation.direct === true && { direct: true }),
      }
      db.saveCheckpoint(id, checkpoint)
      const workspace = workspaceFor(invocation.scope, runId, invocation.skills)
      return new Invocation({
        id,
        runId,
        snapshot,
        store: db,
        checkpoint,
        resolveTool,
        workspace,
        approver: invocation.approver ?? durableApprover,
        alwaysRules: rulesOnDisk,
        hooks: hooksFor(profile),
        signal: invocation.signal,
        onProgress: invocation.onProgress,
        ...(invocation.run !== undefined && { run: invocation.run }),
      })
    },
    async explainPermission(name, args, profileRef, { scope = 'session', protocol = 'openai-responses' } = {}) {
      const { profile } = await resolveProfile(profileRef)
      await processTools.add(profile.tools.processDirs)
      const catalog = currentCatalog(profile.tools.processDirs)
      // The names `tools call` takes (id, builtin name, the snapshot's alias), then any tool of the catalog the profile does not offer.
      const index = snapshotIndex(freeze({ scope, protocol }, profile))
      const binding = index.byToolId(name) ?? index.byToolId(`builtin:${name}`) ?? index.byAlias(name)
      const named = serverIdsIn(name, mcpManager().registrations())
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
        invocationWorkspace(scope, { projectDir: workspaceDir, dataDir, runDir: join(dataDir, 'runs', 'explain') }),
        binding !== undefined,
      )
    },
    async resumeInvocation(invocationId, runtime = {}) {
      const db = openedStore()
      // Checked and migrated: the checkpoint and snapshot may come from an older (or newer) toolhost.
      const { runId, checkpoint, snapshot } = readStoredInvocation(db, invocationId)
      await processTools.add(checkpoint.processDirs ?? [])
      const workspace = workspaceFor(snapshot.scope, runId, checkpoint.skills, checkpoint.workspaceDir)
      return new Invocation({
        id: invocationId,
        runId,
        snapshot,
        store: db,
        checkpoint,
        resolveTool,
        workspace,
        approver: runtime.approver ?? durableApprover,
        alwaysRules: rulesOnDisk,
        hooks: hooksFor(checkpoint.profile),
        signal: runtime.signal,
        onProgress: runtime.onProgress,
        ...(runtime.run !== undefined && { run: runtime.run }),
      })
    },
    async close() {
      processTools.close()
      await mcp?.close()
      closed = true
      store?.close()
      store = undefined
    },
  }
  return host
}

/** Where toolhost keeps its data when no directory is given: `$TOOLHOST_HOME`, or `.toolhost/` in the working directory. */
export function defaultDataDir(): string {
  return resolve(process.env.TOOLHOST_HOME ?? join(process.cwd(), '.toolhost'))
}

/** The directories of `dirs` that exist (the default process tool directory often does not). */
async function existingDirs(dirs: readonly string[]): Promise<string[]> {
  const found: string[] = []
  for (const dir of dirs) if ((await stat(dir).catch(() => undefined))?.isDirectory() === true) found.push(dir)
  return found
}

import { join, resolve } from 'node:path'
import { builtinCatalogTool } from '../catalog/builtin-tool.js'
import { buildCatalog, type Catalog } from '../catalog/catalog.js'
import { ExtensionRegistry } from '../extensions/extension-registry.js'
import { McpClientManager } from '../mcp/client/index.js'
import type { HookConfig } from '../permissions/hooks/hook-types.js'
import { readTrustedSpecs } from '../process/trusted-specs.js'
import { openStore, type Store } from '../store/store.js'
import { builtinTools, sandboxedTools } from '../tools/index.js'
import { stopLanguageServers } from '../tools/lsp/index.js'
import { stopBackgroundCommandsIn } from '../tools/background/index.js'
import { sandboxSupport } from '../sandbox/detect-sandbox.js'
import type { CatalogDiagnostic } from '../catalog/catalog-tool.js'
import type { ToolId } from '../core/tool-id.js'
import { alwaysRules, type AlwaysRules } from './always-rules.js'
import { defaultDataDir } from './default-data-dir.js'
import { serverNamesIn } from './mcp-server-names.js'
import { ProcessToolDirs } from './process-tool-dirs.js'
import type { ToolHostOptions } from './tool-host-options.js'

/** What the parts of one tool host share: its directories, its tool sources, its store and MCP clients. */
export interface HostContext {
  readonly dataDir: string
  readonly workspaceDir: string
  readonly skillsDir: string | undefined
  /** The host's own process tool directories (profiles may add more). */
  readonly processDirs: readonly string[]
  /** The host's in-process hooks, run before a profile's command hooks. */
  readonly hooks: HookConfig | undefined
  /** The builtin tools and the host's own in-process tools. */
  readonly builtins: Catalog
  readonly extensions: ExtensionRegistry
  readonly processTools: ProcessToolDirs
  /** Where "allow always" writes rules. */
  readonly alwaysRules: AlwaysRules
  /** @throws Error once the host is closed */
  readonly assertOpen: () => void
  /** The store, opened on first use. @throws Error once the host is closed */
  readonly store: () => Store
  /** The MCP client manager, made on first use (it opens the store). */
  readonly mcp: () => McpClientManager
  /** Stops process tools and MCP clients, then closes the store. */
  readonly close: () => Promise<void>
}

/** Opens the shared parts of a tool host and loads the process tools of its own directories. */
export async function openHostContext(options: ToolHostOptions): Promise<HostContext> {
  const dataDir = resolve(options.dataDir ?? defaultDataDir())
  const workspaceDir = resolve(options.workspaceDir ?? process.cwd())
  const skillsDir = options.skillsDir === undefined ? undefined : resolve(options.skillsDir)
  // Probed beside the loading of process tools below; real commands are offered only where it works.
  const sandbox = sandboxSupport(
    options.inMemoryStore === true ? undefined : join(dataDir, 'state', 'sandbox-probe.json'),
  )
  let store: Store | undefined
  let mcp: McpClientManager | undefined
  let closed = false
  const assertOpen = () => {
    if (closed) throw new Error('This tool host is closed.')
  }
  const openedStore = (): Store => {
    assertOpen()
    store ??= openStore(dataDir, { inMemory: options.inMemoryStore === true })
    return store
  }
  const mcpManager = (): McpClientManager => (mcp ??= new McpClientManager({ store: openedStore() }))
  const processDirs = options.processDirs ?? [join(dataDir, 'tools')]
  const processTools = new ProcessToolDirs({
    watch: options.watchProcessTools ?? true,
    trusted: () => readTrustedSpecs(dataDir),
  })
  await processTools.add(processDirs)
  const support = await sandbox
  const unavailable: CatalogDiagnostic[] = support.available
    ? []
    : [...sandboxedTools].map((tool) => ({
        toolId: `builtin:${tool.name}` as ToolId,
        code: 'sandbox.unavailable',
        message: `${tool.name} is not offered: ${support.reason}. \`toolhost doctor\` checks it again.`,
      }))
  const offered = builtinTools.filter((tool) => support.available || !sandboxedTools.has(tool))
  const builtins = buildCatalog([
    { tools: [...offered, ...(options.tools ?? [])].map(builtinCatalogTool), diagnostics: unavailable },
  ])
  return {
    dataDir,
    workspaceDir,
    skillsDir,
    processDirs,
    hooks: options.hooks,
    builtins,
    extensions: new ExtensionRegistry(),
    processTools,
    alwaysRules: alwaysRules({
      dataDir,
      onDisk: options.inMemoryStore !== true,
      portable: (rule) => serverNamesIn(rule, mcpManager().registrations()),
    }),
    assertOpen,
    store: openedStore,
    mcp: mcpManager,
    async close() {
      processTools.close()
      await stopBackgroundCommandsIn(dataDir)
      // Language servers are shared by the process's hosts and stop when idle; a closing host stops them now.
      await stopLanguageServers()
      await mcp?.close()
      closed = true
      store?.close()
      store = undefined
    },
  }
}

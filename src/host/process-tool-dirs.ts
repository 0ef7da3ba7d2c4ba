import { resolve } from 'node:path'
import type { CatalogSource } from '../catalog/catalog.js'
import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import {
  loadProcessTools,
  watchProcessTools,
  type ProcessCatalogTool,
  type ProcessToolsLoad,
} from '../process/index.js'
import type { TrustedSpecs } from '../process/trusted-specs.js'
import { SpawnTracker } from '../spawn/spawn-tracker.js'

/**
 * The process tools of some spec directories, loaded once each and reloaded when a directory
 * changes. A tool id found in two directories is offered from the first and reported. A tool is
 * offered only while its spec file, as loaded, has the content a person trusted (`toolhost tools
 * trust`): a spec that is new or changed since is reported instead, with how to trust it.
 */
export class ProcessToolDirs {
  readonly #loaded = new Map<string, ProcessToolsLoad>()
  readonly #closers: (() => void)[] = []
  // The running processes of calls, killed on close with all they started.
  readonly #spawns = new SpawnTracker()
  readonly #watch: boolean
  readonly #trusted: () => TrustedSpecs

  constructor(options: { readonly watch: boolean; readonly trusted: () => TrustedSpecs }) {
    this.#watch = options.watch
    this.#trusted = options.trusted
  }

  /** Loads directories not loaded yet (relative ones from the working directory). */
  async add(dirs: readonly string[]): Promise<void> {
    for (const dir of dirs.map((d) => resolve(d))) {
      if (this.#loaded.has(dir)) continue
      this.#loaded.set(dir, await loadProcessTools([dir], { spawns: this.#spawns }))
      if (this.#watch)
        this.#closers.push(
          watchProcessTools([dir], (load) => this.#loaded.set(dir, load), {
            onError: () => undefined,
            spawns: this.#spawns,
          }),
        )
    }
  }

  /** One catalog source for the given directories, in order, without duplicate ids. */
  source(dirs: readonly string[]): CatalogSource {
    const trusted = this.#trusted()
    const tools = new Map<string, CatalogTool>()
    const diagnostics: CatalogDiagnostic[] = []
    for (const dir of dirs.map((d) => resolve(d))) {
      const loaded = this.#loaded.get(dir)
      if (loaded === undefined) continue
      diagnostics.push(...loaded.diagnostics)
      const untrusted = new Map<string, string[]>()
      for (const tool of loaded.tools) {
        const file = specFile(tool)
        if (!isTrusted(loaded, tool, trusted)) untrusted.set(file, [...(untrusted.get(file) ?? []), tool.id])
        else if (tools.has(tool.id))
          diagnostics.push({
            toolId: tool.id,
            code: 'process.duplicate_tool',
            message: `${tool.id} is defined again in ${dir}; the first definition is used`,
          })
        else tools.set(tool.id, tool)
      }
      for (const [file, ids] of untrusted) diagnostics.push(untrustedDiagnostic(file, ids))
    }
    return { tools: [...tools.values()], diagnostics }
  }

  /** A tool by id in any loaded directory, for calls made after the snapshot (only while its spec is trusted). */
  get(id: string): CatalogTool | undefined {
    const trusted = this.#trusted()
    for (const loaded of this.#loaded.values()) {
      const tool = loaded.tools.find((t) => t.id === id)
      if (tool !== undefined) return isTrusted(loaded, tool, trusted) ? tool : undefined
    }
    return undefined
  }

  /** Stops watching, and kills the processes of calls still running. */
  close(): void {
    for (const close of this.#closers.splice(0)) close()
    this.#spawns.killAll()
  }
}

function specFile(tool: CatalogTool): string {
  return (tool as ProcessCatalogTool).spec.file
}

/** True when the spec file the tool was loaded from had, as read, the content that was trusted. */
function isTrusted(loaded: ProcessToolsLoad, tool: CatalogTool, trusted: TrustedSpecs): boolean {
  const file = specFile(tool)
  const sha256 = loaded.specHashes.get(file)
  return sha256 !== undefined && trusted.has(file, sha256)
}

function untrustedDiagnostic(file: string, ids: readonly string[]): CatalogDiagnostic {
  const [first = 'process/*:*'] = ids
  return {
    toolId: first,
    code: 'process.untrusted_spec',
    message: `${file} is new or changed since it was last trusted, so ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} not offered; review it, then run: toolhost tools trust ${file}`,
  }
}

import { resolve } from 'node:path'
import type { CatalogSource } from '../catalog/catalog.js'
import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import { loadProcessTools, watchProcessTools } from '../process/index.js'
import { SpawnTracker } from '../spawn/spawn-tracker.js'

/**
 * The process tools of some spec directories, loaded once each and reloaded when a directory
 * changes. A tool id found in two directories is offered from the first and reported.
 */
export class ProcessToolDirs {
  readonly #loaded = new Map<string, CatalogSource>()
  readonly #closers: (() => void)[] = []
  // The running processes of calls, killed on close with all they started.
  readonly #spawns = new SpawnTracker()
  readonly #watch: boolean

  constructor(options: { readonly watch: boolean }) {
    this.#watch = options.watch
  }

  /** Loads directories not loaded yet (relative ones from the working directory). */
  async add(dirs: readonly string[]): Promise<void> {
    for (const dir of dirs.map((d) => resolve(d))) {
      if (this.#loaded.has(dir)) continue
      this.#loaded.set(dir, await loadProcessTools([dir], { spawns: this.#spawns }))
      if (this.#watch) this.#closers.push(watchProcessTools([dir], (load) => this.#loaded.set(dir, load), { onError: () => undefined, spawns: this.#spawns }))
    }
  }

  /** One catalog source for the given directories, in order, without duplicate ids. */
  source(dirs: readonly string[]): CatalogSource {
    const tools = new Map<string, CatalogTool>()
    const diagnostics: CatalogDiagnostic[] = []
    for (const dir of dirs.map((d) => resolve(d))) {
      const loaded = this.#loaded.get(dir)
      if (loaded === undefined) continue
      diagnostics.push(...loaded.diagnostics)
      for (const tool of loaded.tools) {
        if (tools.has(tool.id)) diagnostics.push({ toolId: tool.id, code: 'process.duplicate_tool', message: `${tool.id} is defined again in ${dir}; the first definition is used` })
        else tools.set(tool.id, tool)
      }
    }
    return { tools: [...tools.values()], diagnostics }
  }

  /** A tool by id in any loaded directory, for calls made after the snapshot. */
  get(id: string): CatalogTool | undefined {
    for (const loaded of this.#loaded.values()) {
      const tool = loaded.tools.find((t) => t.id === id)
      if (tool !== undefined) return tool
    }
    return undefined
  }

  /** Stops watching, and kills the processes of calls still running. */
  close(): void {
    for (const close of this.#closers.splice(0)) close()
    this.#spawns.killAll()
  }
}

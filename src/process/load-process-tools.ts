import type { Dirent } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { sha256Hex } from '../workspace/sha256.js'
import type { CatalogDiagnostic, CatalogTool } from '../catalog/catalog-tool.js'
import { systemErrorCode } from '../net/net-error.js'
import { parseSpecFile } from './parse-spec-file.js'
import { createProcessCatalogTool, type ProcessToolOptions } from './process-catalog-tool.js'
import type { ProcessToolSpec } from './process-spec.js'

/** A diagnostic about a process tool spec, with where it is when it concerns a file. */
export interface ProcessDiagnostic extends CatalogDiagnostic {
  readonly file?: string
  readonly line?: number
}

/** The process tools of some directories, and what is wrong with the specs that are left out. */
export interface ProcessToolsLoad {
  readonly tools: CatalogTool[]
  readonly diagnostics: ProcessDiagnostic[]
  /** The SHA-256 of each spec file's bytes as read for this load (what its tools came from), by path. */
  readonly specHashes: ReadonlyMap<string, string>
}

/** Largest spec file read. */
export const maxSpecFileBytes = 1024 * 1024
const specExtensions = ['.yaml', '.yml']

/**
 * Loads the process tools whose specs (`*.yaml`, `*.yml`) are in `dirs` (not recursive; files in
 * name order, directories in the given order). A missing directory is skipped silently. A spec
 * that cannot be used is left out with a diagnostic (`process.invalid_spec`, naming file and line);
 * the valid specs beside it are still loaded. When two specs give the same ToolId the first is kept
 * (`process.duplicate_tool`). Never rejects for a bad spec or directory.
 *
 * @example
 * const { tools, diagnostics } = await loadProcessTools(['./tools'])
 */
export async function loadProcessTools(
  dirs: readonly string[],
  options: ProcessToolOptions = {},
): Promise<ProcessToolsLoad> {
  const specs: ProcessToolSpec[] = []
  const diagnostics: ProcessDiagnostic[] = []
  const specHashes = new Map<string, string>()
  for (const dir of dirs) {
    for (const file of await specFiles(dir, diagnostics)) {
      const bytes = await readSpec(file, diagnostics)
      if (bytes === undefined) continue
      specHashes.set(file, sha256Hex(bytes))
      const parsed = parseSpecFile(file, bytes.toString('utf8'))
      specs.push(...parsed.specs)
      for (const problem of parsed.problems) diagnostics.push({ ...problem, code: 'process.invalid_spec' })
    }
  }
  const byId = new Map<string, ProcessToolSpec>()
  const tools: CatalogTool[] = []
  for (const spec of specs) {
    const tool = createProcessCatalogTool(spec, options)
    const first = byId.get(tool.id)
    if (first !== undefined) {
      const message = `${spec.file}:${spec.line}: ${tool.id} is already defined at ${first.file}:${first.line}; this one is left out`
      diagnostics.push({ toolId: tool.id, code: 'process.duplicate_tool', message, file: spec.file, line: spec.line })
      continue
    }
    byId.set(tool.id, spec)
    tools.push(tool)
  }
  return { tools, diagnostics, specHashes }
}

async function specFiles(dir: string, diagnostics: ProcessDiagnostic[]): Promise<string[]> {
  let entries: Dirent[]
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    // The default directory often does not exist; that is no problem.
    if (systemErrorCode(error) !== 'ENOENT') {
      diagnostics.push({
        toolId: 'process/*:*',
        code: 'process.unreadable_directory',
        message: `${dir}: cannot be read (${messageOf(error)})`,
        file: dir,
      })
    }
    return []
  }
  const names = entries
    .filter(
      (entry) => (entry.isFile() || entry.isSymbolicLink()) && specExtensions.some((ext) => entry.name.endsWith(ext)),
    )
    .map((entry) => entry.name)
    .sort()
  return names.map((name) => join(dir, name))
}

async function readSpec(file: string, diagnostics: ProcessDiagnostic[]): Promise<Buffer | undefined> {
  const fail = (reason: string): undefined => {
    diagnostics.push({
      toolId: `process/${basename(file, extname(file))}:*`,
      code: 'process.invalid_spec',
      message: `${file}: ${reason}`,
      file,
    })
    return undefined
  }
  try {
    const info = await stat(file)
    if (!info.isFile()) return undefined // a link to a directory, say: not a spec
    if (info.size > maxSpecFileBytes) return fail(`the file is larger than ${maxSpecFileBytes} bytes`)
    return await readFile(file)
  } catch (error) {
    // A file removed between listing and reading (during an edit) is simply not there.
    if (systemErrorCode(error) === 'ENOENT') return undefined
    return fail(`cannot be read (${messageOf(error)})`)
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

import { readdir, readFile, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { formatToolId } from '../core/tool-id.js'
import { sha256Hex } from '../workspace/sha256.js'
import { maxSpecFileBytes } from './load-process-tools.js'
import { parseSpecFile } from './parse-spec-file.js'

/** A spec file as a person is about to trust it: its content hash and the tools it defines. */
export interface SpecToTrust {
  /** Absolute path. */
  readonly file: string
  readonly sha256: string
  readonly toolIds: readonly string[]
  /** What is wrong with the spec (its tools with problems are not offered even when trusted). */
  readonly problems: readonly string[]
}

/**
 * The spec files (`*.yaml`, `*.yml`) named by `paths`: a file as it is, a directory's spec files
 * (not recursive, in name order). Each is read once: the hash is of the bytes its tool ids come from.
 * @throws Error naming a path that is missing, unreadable or too large
 */
export async function specFilesToTrust(paths: readonly string[]): Promise<SpecToTrust[]> {
  const files: string[] = []
  for (const path of paths.map((p) => resolve(p))) {
    const info = await stat(path).catch(() => undefined)
    if (info === undefined) throw new Error(`${path} does not exist`)
    if (!info.isDirectory()) files.push(path)
    else for (const name of (await readdir(path)).filter((n) => /\.ya?ml$/.test(n)).sort()) files.push(join(path, name))
  }
  const specs: SpecToTrust[] = []
  for (const file of files) {
    const info = await stat(file)
    if (!info.isFile()) continue
    if (info.size > maxSpecFileBytes) throw new Error(`${file} is larger than ${maxSpecFileBytes} bytes`)
    const bytes = await readFile(file)
    const parsed = parseSpecFile(file, bytes.toString('utf8'))
    specs.push({
      file,
      sha256: sha256Hex(bytes),
      toolIds: parsed.specs.map((spec) => formatToolId(`process/${spec.pack}`, spec.name)),
      problems: parsed.problems.map((problem) => problem.message),
    })
  }
  return specs
}

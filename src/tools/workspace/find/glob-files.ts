import picomatch from 'picomatch'
import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { compileGlob, invalidGlob } from './glob-limits.js'
import { mapOrdered } from './ordered-pool.js'
import { skippedFolders } from './search-run.js'
import { walkFiles } from './walk-files.js'
import { createWalker, openWalkStart, type WalkEntry, type WalkStart } from './walk-tree.js'

const texts = {
  notDirectory: loadText(import.meta.url, 'texts/not-directory.txt'),
}

/** A file found by a glob, with its modification time (epoch ms). */
export interface GlobFile {
  readonly path: string
  readonly mtimeMs: number
}

/** Every file matching, newest first (ties by path), under `path`, the workspace path of the folder searched. */
export interface GlobMatches {
  readonly path: string
  readonly files: readonly GlobFile[]
}

/**
 * Finds the files under `path` whose path relative to it matches `pattern` (picomatch syntax,
 * dotfiles included), respecting `.gitignore`. Only the folder the pattern's fixed prefix names is
 * walked, and no deeper than a pattern without `**` can reach.
 * @throws ToolError `glob.invalid_pattern` for absolute patterns and `..`; `workspace.not_directory`
 * when `path` is a file; the workspace's errors for bad paths
 */
export async function globFiles(
  workspace: Workspace,
  path: string,
  rawPattern: string,
  readFileAlias: string,
  signal?: AbortSignal,
): Promise<GlobMatches> {
  const pattern = checkedPattern(rawPattern)
  const matches = compileGlob(pattern)
  const walker = createWalker(workspace)
  const root = await openWalkStart(walker, path)
  if (root.kind === 'file')
    throw new ToolError(
      'workspace.not_directory',
      fillText(texts.notDirectory, { path: root.entry.path, readFile: readFileAlias }),
    )
  const scan = picomatch.scan(pattern)
  // The fixed leading folders of the pattern: only they need walking.
  const base = scan.negated ? '' : scan.isGlob ? scan.base : scan.base.slice(0, Math.max(0, scan.base.lastIndexOf('/')))
  const rest = scan.negated ? pattern : scan.isGlob ? scan.glob : scan.base.slice(base.length).replace(/^\//, '')
  // A pattern without `**` (or a `/` inside braces or parentheses) matches at one depth only.
  const maxDepth = scan.negated || /\*\*|[{(][^})]*\//.test(rest) ? undefined : rest.split('/').length
  let start: WalkStart
  try {
    start = base === '' ? root : await openWalkStart(walker, root.dir.path === '' ? base : `${root.dir.path}/${base}`)
  } catch (error) {
    if (error instanceof ToolError && error.code === 'workspace.not_found') return { path: root.dir.path, files: [] }
    throw error
  }
  if (start.kind === 'file') return { path: root.dir.path, files: [] }
  const prefix = root.dir.path === '' ? 0 : root.dir.path.length + 1
  const skip =
    start.dir.path === ''
      ? (entry: WalkEntry, depth: number) => depth === 1 && skippedFolders.includes(entry.path)
      : undefined
  const found: WalkEntry[] = []
  for await (const entry of walkFiles(walker, start.dir, {
    ...(skip !== undefined && { skip }),
    ...(signal !== undefined && { signal }),
    ...(maxDepth === undefined ? {} : { maxDepth }),
  })) {
    if (matches(entry.path.slice(prefix))) found.push(entry)
  }
  const files: GlobFile[] = []
  for await (const file of mapOrdered(found, 16, async (entry) => ({
    path: entry.path,
    mtimeMs: (await walker.pace.stat(entry.realPath).catch(() => undefined))?.mtimeMs,
  }))) {
    if (file.mtimeMs !== undefined) files.push({ path: file.path, mtimeMs: file.mtimeMs })
  }
  files.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { path: root.dir.path, files }
}

/** The pattern without a leading `./`; absolute patterns and `..` are refused. */
function checkedPattern(raw: string): string {
  const pattern = raw.trim().replace(/^(\.\/)+/, '')
  const problem =
    pattern === ''
      ? 'empty'
      : pattern.startsWith('/') || /^[A-Za-z]:[\\/]/.test(pattern)
        ? 'absolute'
        : pattern.split('/').includes('..')
          ? 'climbing out of path with ".."'
          : undefined
  if (problem !== undefined) throw invalidGlob(raw, problem)
  return pattern
}

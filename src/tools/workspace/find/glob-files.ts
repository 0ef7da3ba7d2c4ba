import picomatch from 'picomatch'
import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { compileGlob, invalidGlob } from './glob-limits.js'
import { mapInBatches } from './batch-in-order.js'
import { mapOrdered } from './ordered-pool.js'
import { sharedScanPool, type ScanPool } from './scan-pool.js'
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

/** How a glob runs. */
export interface GlobOptions {
  /** Worker threads that read modification times (default: the shared pool); `null` reads them on the calling thread. */
  readonly pool?: ScanPool | null
}

/** Files whose times are read at once on the calling thread (through the thread pool, when calls are slow). */
const inlineConcurrency = 16

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
  options: GlobOptions = {},
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
  const matched = async function* () {
    for await (const files of walkFiles(walker, start.dir, {
      ...(skip !== undefined && { skip }),
      ...(signal !== undefined && { signal }),
      ...(maxDepth === undefined ? {} : { maxDepth }),
    })) {
      yield files.filter((entry) => matches(entry.path.slice(prefix)))
    }
  }
  const pool = options.pool === undefined ? sharedScanPool() : (options.pool ?? undefined)
  const aborted = signal ?? new AbortController().signal
  const files: GlobFile[] = []
  // Modification times are read in worker threads while the walk goes on.
  for await (const [entries, mtimes] of mapInBatches(
    matched(),
    {
      inline: async (batch) => {
        const times: number[] = []
        for await (const info of mapOrdered(batch, inlineConcurrency, (entry) =>
          walker.pace.stat(entry.realPath).catch(() => undefined),
        ))
          times.push(info?.mtimeMs ?? Number.NaN)
        return times
      },
      pooled:
        pool &&
        ((batch) =>
          pool.mtimes(
            batch.map((entry) => entry.realPath),
            aborted,
          )),
      // A time takes microseconds to read: many go in one message.
      batchItems: 512,
      lookahead: (pool?.size ?? 1) * 2,
    },
    signal,
  )) {
    entries.forEach((entry, i) => {
      const mtimeMs = mtimes[i] as number
      if (!Number.isNaN(mtimeMs)) files.push({ path: entry.path, mtimeMs })
    })
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

import type { Workspace } from '../../../workspace/workspace.js'
import { compileGlob } from './glob-limits.js'
import type { LineMatcher } from './line-matcher.js'
import type { FoundLine, SearchMode } from './match-collector.js'
import type { FileScan } from './scan-file.js'
import { scanInOrder } from './scan-in-order.js'
import { sharedScanPool, type ScanPool } from './scan-pool.js'
import { walkFiles } from './walk-files.js'
import { createWalker, openWalkStart, type WalkDir, type WalkEntry, type Walker } from './walk-tree.js'

/** Bounds of one search. */
export const searchLimits = {
  /** Files larger than this are skipped and counted. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Longest one file may take; a slower pattern gives up on the file and it is counted. */
  fileTimeMs: 2_000,
  /** Longest a whole search may take before it stops with what it found. */
  totalTimeMs: 60_000,
  /** Longest shown line, in characters. */
  lineChars: 300,
} as const

/** Workspace folders with run output and skills: searched only when the call's path is inside them. */
export const skippedFolders: readonly string[] = ['tool-results', 'skills']

/** A search as the tool asks for it, with defaults applied. */
export interface SearchRequest {
  /** Worker threads that search files (default: the shared pool); `null` searches on the calling thread only. */
  readonly pool?: ScanPool | null
  readonly matcher: LineMatcher
  readonly path: string
  readonly glob: string | undefined
  readonly mode: SearchMode
  readonly before: number
  readonly after: number
  readonly offset: number
  readonly headLimit: number
  readonly signal: AbortSignal
}

/** A file in the requested page; in content mode with its page matches, each with its context lines. */
export interface PageFile {
  readonly path: string
  readonly matches: number
  readonly groups: readonly (readonly FoundLine[])[]
}

/** Counts of files not searched (or not fully). */
export interface SkippedFiles {
  binary: number
  tooLarge: number
  timedOut: number
  unreadable: number
}

/** What a search found: the page, and totals over everything searched. */
export interface SearchOutcome {
  readonly page: readonly PageFile[]
  /** Entries in all: matching lines in content mode, files otherwise. */
  readonly entries: number
  /** Matching lines in all (in files mode, files stop at their first). */
  readonly matches: number
  readonly files: number
  readonly searched: number
  readonly skipped: SkippedFiles
  /** True when the total time limit stopped the search. */
  readonly stoppedEarly: boolean
}

/**
 * Runs a search: walks the tree in path order, searches its files in worker threads (the results
 * taken in path order), and keeps only the page `[offset, offset + headLimit)` of entries while
 * counting them all.
 */
export async function runSearch(workspace: Workspace, request: SearchRequest): Promise<SearchOutcome> {
  const walker = createWalker(workspace)
  const start = await openWalkStart(walker, request.path)
  const files = start.kind === 'file' ? [[start.entry]] : filteredWalk(walker, start.dir, request)
  const keep = request.offset + request.headLimit
  const scanOptions = {
    matcher: request.matcher,
    mode: request.mode,
    before: request.before,
    after: request.after,
    keep,
    lineChars: searchLimits.lineChars,
    maxBytes: searchLimits.maxFileBytes,
    timeLimitMs: searchLimits.fileTimeMs,
  }
  const skipped: SkippedFiles = { binary: 0, tooLarge: 0, timedOut: 0, unreadable: 0 }
  const page: PageFile[] = []
  const totals = { entries: 0, matches: 0, files: 0, searched: 0 }
  const deadline = performance.now() + searchLimits.totalTimeMs
  let stoppedEarly = false
  const pool = request.pool === undefined ? sharedScanPool() : (request.pool ?? undefined)
  const scans = scanInOrder(files, scanOptions, { pace: walker.pace, pool }, request.signal)
  batches: for await (const [entries, batchScans] of scans) {
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as WalkEntry
      const scan = batchScans[i] as FileScan
      request.signal.throwIfAborted()
      if (scan.kind !== 'searched') {
        skipped[scan.kind === 'too-large' ? 'tooLarge' : scan.kind]++
      } else {
        totals.searched++
        if (scan.timedOut) skipped.timedOut++
        if (scan.matches > 0) {
          const first = totals.entries
          const count = request.mode === 'content' ? scan.matches : 1
          totals.entries += count
          totals.matches += scan.matches
          totals.files++
          if (first + count > request.offset && first < keep) {
            const groups =
              request.mode === 'content' ? matchGroups(scan.lines, request, request.offset - first, keep - first) : []
            page.push({ path: entry.path, matches: scan.matches, groups })
          }
        }
      }
      if (performance.now() > deadline) {
        stoppedEarly = true
        break batches
      }
    }
  }
  return { page, ...totals, skipped, stoppedEarly }
}

/**
 * The files of a directory walk that the request's glob and skip rules let through. A glob without
 * `/` matches file names at any depth; one with `/` matches paths relative to the search's start.
 */
async function* filteredWalk(
  walker: Walker,
  dir: WalkDir,
  request: SearchRequest,
): AsyncGenerator<readonly WalkEntry[]> {
  const glob = request.glob
  const matches = glob === undefined ? undefined : compileGlob(glob)
  const byName = glob !== undefined && !glob.includes('/')
  const base = dir.path === '' ? 0 : dir.path.length + 1
  const skip =
    dir.path === ''
      ? (entry: WalkEntry, depth: number) => depth === 1 && skippedFolders.includes(entry.path)
      : undefined
  for await (const files of walkFiles(walker, dir, { ...(skip !== undefined && { skip }), signal: request.signal })) {
    yield matches === undefined ? files : files.filter((entry) => matches(byName ? entry.name : entry.path.slice(base)))
  }
}

/**
 * The matches number `from` to `to - 1` of one file (0-based within the file), each with the
 * context lines within `before` and `after` of it that an earlier match of the page has not taken.
 */
function matchGroups(
  lines: readonly FoundLine[],
  context: { before: number; after: number },
  from: number,
  to: number,
): FoundLine[][] {
  const isContext = (i: number) => lines[i]?.isMatch === false
  const lineAt = (i: number) => (lines[i] as FoundLine).line
  const matchIndexes = lines.flatMap((line, i) => (line.isMatch ? [i] : []))
  const groups: FoundLine[][] = []
  let taken = -1
  for (const index of matchIndexes.slice(from, to)) {
    let first = index
    while (first - 1 > taken && isContext(first - 1) && lineAt(index) - lineAt(first - 1) <= context.before) first--
    let last = index
    while (isContext(last + 1) && lineAt(last + 1) - lineAt(index) <= context.after) last++
    groups.push(lines.slice(first, last + 1))
    taken = last
  }
  return groups
}

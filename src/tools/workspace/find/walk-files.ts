import {
  enterDirectory,
  readDirectory,
  type DirectoryListing,
  type WalkDir,
  type WalkEntry,
  type Walker,
} from './walk-tree.js'

/** What a file walk leaves out. */
export interface WalkFilesOptions {
  /** Leaves out an entry and, for a directory, everything below it. `depth` is 1 for the start's own entries. */
  readonly skip?: (entry: WalkEntry, depth: number) => boolean
  /** Directories at this depth are not entered (default: no limit). */
  readonly maxDepth?: number
  readonly signal?: AbortSignal
}

// Listings of the next few subdirectories are read ahead, so the walk does not wait on one
// directory at a time; bounded so that a huge directory does not start thousands of reads.
const readAhead = 16

/**
 * Yields the files below `start` depth-first in path order (entries of a directory by name), with
 * `.gitignore`, mounts and symlinks handled as `readDirectory` does. Files come in runs (the
 * consecutive files of one directory), so a large tree costs one step of the generators per run
 * rather than per file.
 */
export async function* walkFiles(
  walker: Walker,
  start: WalkDir,
  options: WalkFilesOptions = {},
): AsyncGenerator<readonly WalkEntry[], void, undefined> {
  yield* walkListing(walker, await readDirectory(walker, start), 1, options)
}

async function* walkListing(
  walker: Walker,
  listing: DirectoryListing,
  depth: number,
  options: WalkFilesOptions,
): AsyncGenerator<readonly WalkEntry[], void, undefined> {
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY
  const kept = listing.entries.filter(
    (entry) => !(options.skip?.(entry, depth) ?? false) && (entry.kind === 'file' || depth < maxDepth),
  )
  const subdirs = kept.filter((entry) => entry.kind === 'directory')
  const reads = new Map<WalkEntry, Promise<DirectoryListing>>()
  let started = 0
  const startReads = (upTo: number) => {
    for (; started < Math.min(upTo, subdirs.length); started++) {
      const entry = subdirs[started] as WalkEntry
      const read = readDirectory(walker, enterDirectory(listing, entry))
      // Marked handled now; the rejection still surfaces where the read is awaited.
      read.catch(() => undefined)
      reads.set(entry, read)
    }
  }
  startReads(readAhead)
  let entered = 0
  let files: WalkEntry[] = []
  for (const entry of kept) {
    if (entry.kind === 'file') {
      files.push(entry)
      continue
    }
    options.signal?.throwIfAborted()
    if (files.length > 0) yield files
    files = []
    startReads(++entered + readAhead)
    const read = reads.get(entry) as Promise<DirectoryListing>
    reads.delete(entry)
    yield* walkListing(walker, await read, depth + 1, options)
  }
  options.signal?.throwIfAborted()
  if (files.length > 0) yield files
}

import { close, closeSync, constants, fstat, fstatSync, open, openSync, read, readSync } from 'node:fs'
import { MatchCollector, type CollectOptions, type FoundLine } from './match-collector.js'

/** What searching one file gave. */
export type FileScan =
  | { readonly kind: 'binary' | 'too-large' | 'unreadable' }
  | {
      readonly kind: 'searched'
      readonly matches: number
      readonly lines: readonly FoundLine[]
      readonly timedOut: boolean
    }

/** How one file is read and searched. */
export interface ScanOptions extends Omit<CollectOptions, 'deadline'> {
  /** Larger files are not searched. */
  readonly maxBytes: number
  /** Longest one file may take, in ms. */
  readonly timeLimitMs: number
}

/** Read size: most source files fit in one read, and a large file never sits in memory whole. */
const pieceBytes = 256 * 1024
/** A NUL byte in this many leading bytes marks a file as binary (as git and grep tell). */
const binaryProbeBytes = 8192
// O_NONBLOCK: a FIFO swapped in after the walk cannot hang the open. O_NOFOLLOW: nor can a symlink.
const openFlags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW

// Read buffers are reused: a fresh 256 KiB buffer per file would make the garbage collector the
// main cost of a search over many small files. Only decoded strings outlive a read.
const freeBuffers: Buffer[] = []
const maxFreeBuffers = 64

/**
 * File access for a scan, one call at a time: synchronous calls (fast from the page cache, run in
 * short slices by the caller) or the thread pool (for slow disks, where reads in parallel help).
 */
export interface FileIo {
  open(path: string): number | Promise<number>
  read(fd: number, buffer: Buffer, position: number): number | Promise<number>
  stat(fd: number): { size: number; isFile(): boolean } | Promise<{ size: number; isFile(): boolean }>
  close(fd: number): void
}

/** Synchronous calls: several times faster per file when the file is cached. */
export const syncIo: FileIo = {
  open: (path) => openSync(path, openFlags),
  read: (fd, buffer, position) => readSync(fd, buffer, 0, buffer.length, position),
  stat: (fd) => fstatSync(fd),
  close: (fd) => closeSync(fd),
}

/** Thread-pool calls, for when files come slowly. */
export const asyncIo: FileIo = {
  open: (path) =>
    new Promise((resolve, reject) =>
      open(path, openFlags, (error, fd) => (error === null ? resolve(fd) : reject(error))),
    ),
  read: (fd, buffer, position) =>
    new Promise((resolve, reject) =>
      read(fd, buffer, 0, buffer.length, position, (error, bytes) => (error === null ? resolve(bytes) : reject(error))),
    ),
  stat: (fd) =>
    new Promise((resolve, reject) => fstat(fd, (error, stats) => (error === null ? resolve(stats) : reject(error)))),
  // Nothing waits on the close: it only releases the descriptor.
  close: (fd) => close(fd, () => undefined),
}

/**
 * Searches one file, read in pieces that end at line breaks. `hostPath` must be a real path (no
 * symlinks) inside a mount, as the walk gives it.
 */
export async function scanFile(hostPath: string, options: ScanOptions, io: FileIo): Promise<FileScan> {
  let fd: number
  try {
    fd = await io.open(hostPath)
  } catch {
    return { kind: 'unreadable' }
  }
  const buffer = freeBuffers.pop() ?? Buffer.allocUnsafe(pieceBytes)
  try {
    return await scanOpen(fd, buffer, options, io)
  } catch {
    return { kind: 'unreadable' }
  } finally {
    if (freeBuffers.length < maxFreeBuffers) freeBuffers.push(buffer)
    io.close(fd)
  }
}

async function scanOpen(fd: number, buffer: Buffer, options: ScanOptions, io: FileIo): Promise<FileScan> {
  const collector = new MatchCollector({ ...options, deadline: performance.now() + options.timeLimitMs })
  let got = await io.read(fd, buffer, 0)
  const binary = () => buffer.subarray(0, Math.min(got, binaryProbeBytes)).includes(0)
  if (got < buffer.length) {
    // A regular file reads short only at its end, so a small file costs no stat call.
    if (binary()) return { kind: 'binary' }
    collector.feed(buffer.subarray(0, got), true)
    return collected(collector)
  }
  const info = await io.stat(fd)
  if (!info.isFile()) return { kind: 'unreadable' }
  if (info.size > options.maxBytes) return { kind: 'too-large' }
  if (binary()) return { kind: 'binary' }
  let position = 0
  let carry: Buffer | undefined
  // A file that grows while it is read is searched as it was at the stat.
  for (;;) {
    position += got
    const last = got === 0 || position >= info.size
    let piece = carry === undefined ? buffer.subarray(0, got) : Buffer.concat([carry, buffer.subarray(0, got)])
    carry = undefined
    if (!last) {
      // Cut after the last line break; the rest (copied, as the buffer is read into again) starts
      // the next piece. UTF-8 has no 0x0A inside a character.
      const cut = piece.lastIndexOf(10) + 1
      carry = Buffer.from(piece.subarray(cut))
      piece = piece.subarray(0, cut)
    }
    if ((piece.length > 0 || last) && !collector.feed(piece, last)) break
    if (last) break
    got = await io.read(fd, buffer, position)
  }
  return collected(collector)
}

function collected(collector: MatchCollector): FileScan {
  return { kind: 'searched', matches: collector.matches, lines: collector.lines, timedOut: collector.timedOut }
}

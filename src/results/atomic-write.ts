import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Writes a file so that readers see either nothing or the whole content: the data goes to a hidden
 * temporary file in the same folder, is flushed to disk, then renamed over the target. Creates
 * missing folders. An iterable is written piece by piece, so large texts need not be joined first.
 * `mode` sets the new file's permission bits (default 0o666 less the umask).
 * @throws the file system's error; the temporary file is removed first
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array | Iterable<string>,
  options: { readonly mode?: number } = {},
): Promise<void> {
  const folder = dirname(path)
  await mkdir(folder, { recursive: true })
  const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temporary, 'wx', options.mode)
    try {
      await writeFile(handle, typeof data === 'string' || data instanceof Uint8Array ? data : inBlocks(data), 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** Chars gathered before a write; many small pieces would otherwise cost one system call each. */
const BLOCK_CHARS = 1 << 20

/** Joins consecutive small pieces into blocks of about {@link BLOCK_CHARS}. */
function* inBlocks(pieces: Iterable<string>): Generator<string> {
  let block: string[] = []
  let size = 0
  for (const piece of pieces) {
    block.push(piece)
    size += piece.length
    if (size >= BLOCK_CHARS) {
      yield block.join('')
      block = []
      size = 0
    }
  }
  if (size > 0) yield block.join('')
}

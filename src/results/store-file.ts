import type { ToolFile } from '../tool/define-tool.js'
import { formatBytes } from '../text/quantities.js'
import { fillText, loadText } from '../text/model-text.js'
import { writeFileAtomic } from './atomic-write.js'
import { hostResultPath, resultFileStem, resultPath } from './result-files.js'
import type { ResultFileOwner } from './result-files.js'

const savedText = loadText(import.meta.url, 'texts/file-saved.txt')

/** A binary file to store for one call (audio, a PDF, an embedded resource…). */
export interface StoreFileRequest extends ResultFileOwner {
  /** Host directory of the run. */
  readonly runDir: string
  /** 1-based position of the file among the call's files; becomes part of the name. */
  readonly index: number
  readonly bytes: Uint8Array
  /** The declared type; it picks the extension. */
  readonly mimeType: string
  /** What the tool calls the file; shown in the note, never used in the path. */
  readonly name?: string
}

/** A stored file: its workspace path and the line the model reads about it. */
export interface StoredFile {
  readonly path: string
  readonly note: string
}

const EXTENSIONS: Readonly<Partial<Record<string, string>>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/webm': 'weba',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/xml': 'xml',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
  'text/xml': 'xml',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
}

/**
 * The file extension for a MIME type (parameters such as `; charset=utf-8` ignored), `bin` when
 * the type is not a common one.
 * @example extensionFor('audio/mpeg') // 'mp3'
 */
export function extensionFor(mimeType: string): string {
  const bare = mimeType.split(';')[0]?.trim().toLowerCase() ?? ''
  return EXTENSIONS[bare] ?? 'bin'
}

/**
 * Writes a file atomically to
 * `<runDir>/tool-results/<invocationId>/round-NNN-call_<hex16>-file-K.<ext>`.
 * @returns the workspace path and a line for the result text, e.g.
 *   `[Saved audio/wav (12.3 KiB) to tool-results/inv-1/round-001-call_…-file-1.wav]`, with the
 *   name quoted before the type when one is given
 * @throws the file system's error (storage failures end the run); RangeError for a bad index or round
 */
export async function storeFile(request: StoreFileRequest): Promise<StoredFile> {
  if (!Number.isSafeInteger(request.index) || request.index < 1)
    throw new RangeError(`index must be a positive integer, got ${request.index}`)
  const fileName = `${resultFileStem(request.round, request.callId)}-file-${request.index}.${extensionFor(request.mimeType)}`
  const path = resultPath(request.invocationId, fileName)
  await writeFileAtomic(hostResultPath(request.runDir, path), request.bytes)
  const what =
    request.name === undefined || request.name === ''
      ? request.mimeType
      : `${JSON.stringify(request.name)}, ${request.mimeType}`
  return { path, note: fillText(savedText, { what, size: formatBytes(request.bytes.byteLength), path }) }
}

/**
 * Stores a call's files in order, numbered from 1 (see {@link storeFile}).
 * @throws the file system's error (storage failures end the run)
 */
export async function storeFiles(
  files: readonly ToolFile[],
  where: ResultFileOwner & { readonly runDir: string },
): Promise<StoredFile[]> {
  const stored: StoredFile[] = []
  for (const [i, file] of files.entries()) {
    stored.push(
      await storeFile({
        ...where,
        index: i + 1,
        bytes: file.bytes,
        mimeType: file.mimeType,
        ...(file.name !== undefined && { name: file.name }),
      }),
    )
  }
  return stored
}

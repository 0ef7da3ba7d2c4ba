import type { ResultImage } from '../tool/agent-tool-result.js'
import { writeFileAtomic } from './atomic-write.js'
import { hostResultPath, resultFileStem, resultPath } from './result-files.js'
import type { ResultFileOwner } from './result-files.js'

/** An image to store for one call. */
export interface StoreImageRequest extends ResultFileOwner {
  /** Host directory of the run. */
  readonly runDir: string
  /** 1-based position of the image among the call's images; becomes part of the name. */
  readonly index: number
  readonly bytes: Uint8Array
  /** `image/png`, `image/jpeg` or `image/webp`, as {@link normalizeImage} returns. */
  readonly mimeType: string
}

const EXTENSIONS: Readonly<Partial<Record<string, string>>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
}

/**
 * Writes an image atomically to
 * `<runDir>/tool-results/<invocationId>/round-NNN-call_<hex16>-image-K.<ext>`.
 * @returns the workspace path and the type, which is all results and history hold of it
 * @throws the file system's error (storage failures end the run); Error for a type other than
 *   PNG, JPEG or WebP or a bad index, which means the image was not normalized
 */
export async function storeImage(request: StoreImageRequest): Promise<ResultImage> {
  const extension = EXTENSIONS[request.mimeType]
  if (!extension) throw new Error(`cannot store an image of type ${request.mimeType}; normalize it first`)
  if (!Number.isSafeInteger(request.index) || request.index < 1)
    throw new RangeError(`index must be a positive integer, got ${request.index}`)
  const fileName = `${resultFileStem(request.round, request.callId)}-image-${request.index}.${extension}`
  const path = resultPath(request.invocationId, fileName)
  await writeFileAtomic(hostResultPath(request.runDir, path), request.bytes)
  return { path, mimeType: request.mimeType }
}

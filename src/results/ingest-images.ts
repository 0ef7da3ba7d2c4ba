import type { ResultImage } from '../tool/agent-tool-result.js'
import { fillText, loadText } from '../text/model-text.js'
import { normalizeImage } from './normalize-image.js'
import type { ResultFileOwner } from './result-files.js'
import { storeImage } from './store-image.js'

/** An image as a tool returned it. */
export interface ImageInput {
  readonly bytes: Uint8Array
  /** The type the tool declared; the bytes decide. */
  readonly mimeType?: string
}

/** The call the images belong to, and the run directory to store them in. */
export interface ImageDestination extends ResultFileOwner {
  readonly runDir: string
}

/** The images that could be used, and a note about those that could not. */
export interface IngestedImages {
  readonly images: readonly ResultImage[]
  /** One line per image left out, in return order, to append at the end of the result's text. */
  readonly note?: string
}

const notUsedText = loadText(import.meta.url, 'texts/image-not-used.txt')

/**
 * Normalizes and stores a call's images in order. An image that cannot be decoded or made small
 * enough is left out and noted (`[Image 2 could not be used: …]`, numbered from 1 in return order);
 * the other images and the rest of the result stand. Stored names keep the image's position, so
 * with image 2 left out the files are `…-image-1` and `…-image-3`.
 * @throws storage and encoding failures, which end the run
 */
export async function ingestImages(images: readonly ImageInput[], where: ImageDestination): Promise<IngestedImages> {
  const stored: ResultImage[] = []
  const notes: string[] = []
  // One at a time: decoding a large input takes much memory and all of sharp's threads already.
  for (const [offset, image] of images.entries()) {
    const position = offset + 1
    const normalized = await normalizeImage(image.bytes, image.mimeType)
    if (!normalized.ok) {
      notes.push(fillText(notUsedText, { position, problem: normalized.problem }))
      continue
    }
    stored.push(await storeImage({ ...where, index: position, bytes: normalized.bytes, mimeType: normalized.mimeType }))
  }
  return notes.length > 0 ? { images: stored, note: notes.join('\n') } : { images: stored }
}

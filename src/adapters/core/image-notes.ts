import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { AdapterImage } from './adapter-call.js'

// The same notes the agent loop gives, so a model reads the same words through every front.
const leftOutText = loadText(import.meta.url, '../../agent/history/texts/image-left-out.md')
const missingText = loadText(import.meta.url, '../../agent/history/texts/image-missing.md')

/**
 * The result's text with a note for each of its images the model does not get as an image: every
 * image when the model reads none (`acceptsImages` false, or the framework carries no images),
 * else the ones that could not be read. Each note names where the image is stored.
 */
export function textWithImageNotes(
  result: Pick<AgentToolResult, 'content' | 'images'>,
  sent: readonly AdapterImage[],
  acceptsImages: boolean,
): string {
  const delivered = new Set(sent.map((image) => image.path))
  const notes = result.images
    .filter((image) => !acceptsImages || !delivered.has(image.path))
    .map((image) => fillText(acceptsImages ? missingText : leftOutText, { path: image.path, mimeType: image.mimeType }))
  return [result.content, ...notes].filter((part) => part !== '').join('\n')
}

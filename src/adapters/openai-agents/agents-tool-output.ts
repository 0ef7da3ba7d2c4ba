import type { ToolOutputImage, ToolOutputText } from '@openai/agents-core'
import { textWithImageNotes, type AdapterResult } from '../core/index.js'

/** What an adapted tool returns to the Agents SDK: toolhost's text, with its images when it has any. */
export type AgentsToolOutput = string | (ToolOutputText | ToolOutputImage)[]

/**
 * The Agents SDK output of a toolhost result: exactly the text toolhost gives the model (errors
 * included). When the model reads images, the result's images follow the text as base64 image
 * parts; otherwise (or for an image that cannot be read) the text names where each is stored.
 */
export function agentsToolOutput({ result, images }: AdapterResult, acceptsImages: boolean): AgentsToolOutput {
  const sent = acceptsImages ? images : []
  const text = textWithImageNotes(result, sent, acceptsImages)
  if (sent.length === 0) return text
  return [
    { type: 'text', text },
    ...sent.map((image): ToolOutputImage => ({
      type: 'image',
      image: { data: image.data, mediaType: image.mimeType },
    })),
  ]
}

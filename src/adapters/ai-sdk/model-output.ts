import { readImages, textWithImageNotes } from '../core/index.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { ToolResultOutput } from '@ai-sdk/provider-utils'

/** What a toolhost tool's `execute` returns in the AI SDK: toolhost's result as stored data (images by path). */
export type AiSdkToolOutput = Pick<AgentToolResult, 'content' | 'isError' | 'resourceRefs' | 'images'> & {
  readonly errorCode?: string
}

/** The output kept in the AI SDK's messages: the result without its structured data (the model reads the text). */
export function toolOutput(result: AgentToolResult): AiSdkToolOutput {
  return {
    content: result.content,
    isError: result.isError,
    ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
    resourceRefs: result.resourceRefs,
    images: result.images,
  }
}

/**
 * What the model reads of an output: exactly toolhost's text (`error-text` for errors), and its
 * images as file parts when the model reads images and the files are still in the run directory.
 */
export async function modelOutput(output: unknown, runDir: string, acceptsImages: boolean): Promise<ToolResultOutput> {
  if (!isToolOutput(output)) return { type: 'text', value: JSON.stringify(output) ?? '' }
  if (output.isError) return { type: 'error-text', value: output.content }
  const images = acceptsImages ? await readImages({ ...output, callId: '', toolId: null }, runDir) : []
  const text = textWithImageNotes(output, images, acceptsImages)
  if (images.length === 0) return { type: 'text', value: text }
  return {
    type: 'content',
    value: [
      { type: 'text', text },
      ...images.map((image) => ({
        type: 'file' as const,
        data: { type: 'data' as const, data: image.data },
        mediaType: image.mimeType,
      })),
    ],
  }
}

function isToolOutput(value: unknown): value is AiSdkToolOutput {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof AiSdkToolOutput, unknown>>
  return (
    typeof candidate.content === 'string' && typeof candidate.isError === 'boolean' && Array.isArray(candidate.images)
  )
}

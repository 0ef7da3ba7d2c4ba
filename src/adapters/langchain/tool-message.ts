import { ToolMessage, type ContentBlock } from '@langchain/core/messages'
import { textWithImageNotes, type AdapterResult } from '../core/index.js'

/**
 * The LangChain `ToolMessage` of a toolhost result: exactly toolhost's text (errors included, with
 * status `error`). When the model reads images, the result's images follow as base64 image blocks;
 * otherwise (or for an image that cannot be read) the text names where each is stored. The
 * artifact keeps toolhost's result record (tool id, error code, structured data, stored files) for
 * the program; models are not shown it.
 */
export function toolMessageOf(
  { result, images }: AdapterResult,
  call: { readonly callId: string; readonly name: string; readonly acceptsImages: boolean },
): ToolMessage {
  const sent = call.acceptsImages ? images : []
  const text = textWithImageNotes(result, sent, call.acceptsImages)
  const content: string | ContentBlock.Standard[] =
    sent.length === 0
      ? text
      : [
          { type: 'text', text },
          ...sent.map((image): ContentBlock.Standard => ({
            type: 'image',
            mimeType: image.mimeType,
            data: image.data,
          })),
        ]
  return new ToolMessage({
    content,
    tool_call_id: call.callId,
    name: call.name,
    status: result.isError ? 'error' : 'success',
    artifact: result,
  })
}

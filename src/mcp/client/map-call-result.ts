import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ToolFile, ToolImage, ToolOutput } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { canonicalJson } from './canonical-json.js'
import { mcpTexts } from './mcp-texts.js'

type ContentPart = CallToolResult['content'][number]

/** Binary content of a result, collected while its parts are read. */
interface Attachments {
  readonly images: ToolImage[]
  readonly files: ToolFile[]
}

/**
 * The text a content part contributes. Images, audio and binary embedded resources contribute none
 * here: they are collected as bytes, and the host stores them and notes their paths.
 */
function partText(part: ContentPart, attachments: Attachments): string | undefined {
  switch (part.type) {
    case 'text':
      return part.text
    case 'image':
      attachments.images.push({ bytes: Buffer.from(part.data, 'base64'), mimeType: part.mimeType })
      return undefined
    case 'audio':
      attachments.files.push({ bytes: Buffer.from(part.data, 'base64'), mimeType: part.mimeType })
      return undefined
    case 'resource': {
      const r = part.resource
      const mime = r.mimeType ?? 'unknown type'
      if ('text' in r && typeof r.text === 'string') return `Resource ${r.uri} (${mime}):\n${r.text}`
      if ('blob' in r && typeof r.blob === 'string') {
        attachments.files.push({
          bytes: Buffer.from(r.blob, 'base64'),
          mimeType: r.mimeType ?? 'application/octet-stream',
          name: r.uri,
        })
        return undefined
      }
      return `[resource ${r.uri} (${mime}), not shown]`
    }
    case 'resource_link':
      return `[resource link ${part.uri}${part.mimeType === undefined ? '' : ` (${part.mimeType})`}: ${part.name}]`
    default:
      return undefined
  }
}

/** True when the text is just the structured content again (as JSON). */
function repeats(text: string, structured: Record<string, unknown>): boolean {
  try {
    return canonicalJson(JSON.parse(text)) === canonicalJson(structured)
  } catch {
    return false
  }
}

/**
 * Maps a `tools/call` result to the tool output: text parts joined by blank lines, images as
 * image bytes, audio and binary embedded resources as files (named by the resource URI),
 * `structuredContent` under a "Details:" heading unless the text already is it.
 * @throws ToolError `mcp.tool_error` with the server's text when the result has `isError: true`
 */
export function mapCallResult(result: CallToolResult): ToolOutput {
  const attachments: Attachments = { images: [], files: [] }
  const { images, files } = attachments
  const texts = result.content
    .map((part) => partText(part, attachments))
    .filter((t): t is string => t !== undefined && t !== '')
  let content = texts.join('\n\n')
  if (result.isError === true) throw new ToolError('mcp.tool_error', content === '' ? mcpTexts.toolErrorEmpty : content)
  const structured = result.structuredContent
  if (structured !== undefined && !repeats(content, structured)) {
    content = `${content === '' ? '' : `${content}\n\n`}Details:\n${JSON.stringify(structured, null, 2)}`
  }
  return {
    content,
    ...(structured !== undefined && { structured }),
    ...(images.length > 0 && { images }),
    ...(files.length > 0 && { files }),
  }
}

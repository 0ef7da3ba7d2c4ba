import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { formatBytes } from '../../text/quantities.js'
import type { ToolImage, ToolOutput } from '../../tool/define-tool.js'
import { ToolError } from '../../tool/tool-error.js'
import { canonicalJson } from './canonical-json.js'
import { mcpTexts } from './mcp-texts.js'

type ContentPart = CallToolResult['content'][number]

/** Bytes of base64 data without decoding it. */
function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '')
  return Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0)
}

/**
 * The text a content part contributes. Audio and binary resources are only mentioned (type and
 * size): the host does not store them yet, so the model learns they exist but cannot open them.
 */
function partText(part: ContentPart, images: ToolImage[]): string | undefined {
  switch (part.type) {
    case 'text':
      return part.text
    case 'image':
      images.push({ bytes: Buffer.from(part.data, 'base64'), mimeType: part.mimeType })
      return undefined
    case 'audio':
      return `[audio ${part.mimeType}, ${formatBytes(base64Bytes(part.data))}, not shown]`
    case 'resource': {
      const r = part.resource
      const mime = r.mimeType ?? 'unknown type'
      if ('text' in r && typeof r.text === 'string') return `Resource ${r.uri} (${mime}):\n${r.text}`
      const size = 'blob' in r && typeof r.blob === 'string' ? `, ${formatBytes(base64Bytes(r.blob))}` : ''
      return `[resource ${r.uri} (${mime}${size}), not shown]`
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
 * image bytes, `structuredContent` under a "Details:" heading unless the text already is it.
 * @throws ToolError `mcp.tool_error` with the server's text when the result has `isError: true`
 */
export function mapCallResult(result: CallToolResult): ToolOutput {
  const images: ToolImage[] = []
  const texts = result.content.map((part) => partText(part, images)).filter((t): t is string => t !== undefined && t !== '')
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
  }
}

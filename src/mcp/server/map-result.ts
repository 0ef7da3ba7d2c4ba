import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'

const jsonSchema2020 = 'https://json-schema.org/draft/2020-12/schema'

/** The MCP tool entry of a snapshot binding: alias as name, compiled schema, annotations as hints. */
export function mcpTool(binding: SnapshotBinding): Tool {
  const { annotations } = binding
  const hints = {
    ...(annotations.title !== undefined && { title: annotations.title }),
    ...(annotations.readOnly !== undefined && { readOnlyHint: annotations.readOnly }),
    ...(annotations.destructive !== undefined && { destructiveHint: annotations.destructive }),
    ...(annotations.idempotent !== undefined && { idempotentHint: annotations.idempotent }),
    ...(annotations.openWorld !== undefined && { openWorldHint: annotations.openWorld }),
  }
  return {
    name: binding.alias,
    ...(annotations.title !== undefined && { title: annotations.title }),
    description: binding.description,
    // The anthropic compiler leaves JSON Schema 2020-12 (MCP's default dialect) with an object root
    // and refs inlined; the dialect is stated so clients need not guess.
    inputSchema: { $schema: jsonSchema2020, ...binding.inputSchema, type: 'object' },
    ...(Object.keys(hints).length > 0 && { annotations: hints }),
  }
}

/**
 * The MCP result of a toolhost result: its text, its structured data, and its images read from
 * the run directory (results hold only paths) as base64 image content.
 */
export async function mcpResult(result: AgentToolResult, runDir: string): Promise<CallToolResult> {
  const images = await Promise.all(
    result.images.map(async (image) => ({
      type: 'image' as const,
      data: (await readFile(join(runDir, image.path))).toString('base64'),
      mimeType: image.mimeType,
    })),
  )
  return {
    content: [
      ...(result.content !== '' || images.length === 0 ? [{ type: 'text' as const, text: result.content }] : []),
      ...images,
    ],
    ...(result.structured !== undefined && { structuredContent: result.structured }),
    ...(result.isError && { isError: true }),
  }
}

import { z } from 'zod'
import { defineTool, type AnyToolDefinition } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'

/** Tools the MCP server tests serve beside the builtins: one that fails, one that needs approval. */
export const serverTestTools: AnyToolDefinition[] = [
  defineTool({
    name: 'test.fail',
    description: 'Always fails with a recoverable error.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => {
      throw new ToolError('test.failed', 'This tool always fails.')
    },
  }),
  defineTool({
    name: 'test.note',
    description: 'Records a note (not read-only, so the default profile asks before it runs).',
    inputSchema: z.object({ text: z.string() }),
    annotations: { title: 'Record a note', destructive: false },
    call: async ({ text }) => ({ content: `noted: ${text}`, structured: { text } }),
  }),
]

import { z } from 'zod'
import { defineTool, type AnyToolDefinition } from '../src/tool/define-tool.js'
import { ToolError } from '../src/core/tool-error.js'

/** A 1×1 red PNG, small enough that toolhost stores it byte-identical. */
export const redPixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The conformance suite's fixture tools that toolhost tools can express (text, images, errors,
 * progress, a nested input schema). Each is an ordinary toolhost tool: MCP calls reach it through
 * the gate like any model call. Names have no dot, so their alias is the name itself.
 */
export const conformanceTools: AnyToolDefinition[] = [
  defineTool({
    name: 'test_simple_text',
    description: 'Returns a simple text.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => ({ content: 'This is a simple text response for testing.' }),
  }),
  defineTool({
    name: 'test_image_content',
    description: 'Returns a small PNG image.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => ({
      content: 'A red pixel.',
      images: [{ bytes: Buffer.from(redPixelPng, 'base64'), mimeType: 'image/png' }],
    }),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    description: 'Returns text and an image (toolhost results carry no embedded resources).',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => ({
      content: 'Multiple content types test:',
      images: [{ bytes: Buffer.from(redPixelPng, 'base64'), mimeType: 'image/png' }],
    }),
  }),
  defineTool({
    name: 'test_error_handling',
    description: 'Always fails with a recoverable error.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => {
      throw new ToolError('test.error', 'This tool intentionally returns an error for testing.')
    },
  }),
  defineTool({
    name: 'test_tool_with_progress',
    description: 'Reports progress three times, then returns.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    async *call() {
      for (const progress of [0, 50, 100]) {
        yield { message: `step ${progress}`, progress, total: 100 }
        await sleep(20)
      }
      return { content: 'Progress test completed.' }
    },
  }),
  defineTool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features.',
    inputSchema: z.strictObject({
      name: z.string().optional(),
      address: z.object({ street: z.string().optional(), city: z.string().optional() }).optional(),
    }),
    annotations: { readOnly: true },
    call: async (input) => ({ content: JSON.stringify(input) }),
  }),
]

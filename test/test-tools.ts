import { z } from 'zod'
import { defineTool } from '../src/tool/define-tool.js'
import { ToolError } from '../src/core/tool-error.js'

/** Small real tools for tests of the gate and the host. */
export const echoTool = defineTool({
  name: 'test.echo',
  description: (ctx) => `Echo text back. Use ${ctx.alias('builtin:test.finish')} to finish.`,
  inputSchema: z.object({
    text: z.string().describe('Text to echo'),
    times: z.number().int().min(1).max(5).optional(),
    options: z.object({ upper: z.boolean().optional() }).optional(),
  }),
  renamedParameters: { message: 'text' },
  annotations: { readOnly: true },
  call: async ({ text, times, options }) => {
    const once = options?.upper === true ? text.toUpperCase() : text
    return { content: Array.from({ length: times ?? 1 }, () => once).join(' '), structured: { text } }
  },
})

export const finishTool = defineTool({
  name: 'test.finish',
  description: 'End the run.',
  inputSchema: z.object({ summary: z.string().optional() }),
  completion: true,
  annotations: { readOnly: true },
  call: async ({ summary }) => ({ content: summary ?? 'done' }),
})

export const guardedTool = defineTool({
  name: 'test.guarded',
  description: 'Refuses "secret" and asks about "maybe".',
  inputSchema: z.object({ word: z.string() }),
  annotations: { readOnly: true },
  checkPermissions: async ({ word }) =>
    word === 'secret'
      ? { behavior: 'deny', reason: 'Secrets are off limits.' }
      : word === 'maybe'
        ? { behavior: 'ask', reason: 'Unsure about this word.' }
        : { behavior: 'allow' },
  call: async ({ word }) => ({ content: word }),
})

export const failingTool = defineTool({
  name: 'test.fail',
  description: 'Fails as told.',
  inputSchema: z.object({ how: z.enum(['tool-error', 'crash']) }),
  annotations: { readOnly: true },
  call: async ({ how }) => {
    if (how === 'tool-error') throw new ToolError('test.bad_input', 'Try again with better input.')
    throw new RangeError('internal bug')
  },
})

export const progressTool = defineTool({
  name: 'test.progress',
  description: 'Counts up with progress.',
  inputSchema: z.object({ steps: z.number().int().min(1).max(10) }),
  annotations: { readOnly: true },
  call: async function* ({ steps }) {
    for (let i = 1; i <= steps; i++) yield { message: `step ${i}`, progress: i, total: steps }
    return { content: `counted to ${steps}` }
  },
})

export const testTools = [echoTool, finishTool, guardedTool, failingTool, progressTool]

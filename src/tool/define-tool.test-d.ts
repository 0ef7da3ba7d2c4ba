import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineTool, type AnyToolDefinition, type ToolOutput } from './define-tool.js'

describe('defineTool types', () => {
  it('types the input of call from the schema', () => {
    const tool = defineTool({
      name: 'typed.tool',
      description: 'Typed.',
      inputSchema: z.object({ path: z.string(), depth: z.number().optional() }),
      call: async (input) => {
        expectTypeOf(input).toEqualTypeOf<{ path: string; depth?: number | undefined }>()
        return { content: input.path }
      },
      resources: (input) => [{ kind: 'file', path: input.path, access: 'read' }],
    })
    expectTypeOf(tool).toExtend<AnyToolDefinition>()
  })

  it('accepts a progress generator as call', () => {
    defineTool({
      name: 'typed.progress',
      description: 'Progress.',
      inputSchema: z.object({}),
      call: async function* () {
        yield { message: 'half', progress: 1, total: 2 }
        return { content: 'done' } satisfies ToolOutput
      },
    })
  })

  it('rejects a call that returns no content', () => {
    defineTool({
      name: 'typed.bad',
      description: 'Bad.',
      inputSchema: z.object({}),
      // @ts-expect-error content is required
      call: async () => ({ structured: {} }),
    })
  })
})

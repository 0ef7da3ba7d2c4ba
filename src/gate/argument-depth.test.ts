import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { tempDir } from '../../test/temp-dir.js'
import { createToolHost, type ToolHost } from '../host/create-tool-host.js'
import { defineTool } from '../tool/define-tool.js'
import { isStackOverflow, maxArgumentDepth, nestsDeeperThan } from './argument-depth.js'

/** `levels` objects, each holding the next under `key`. */
const nested = (levels: number, key = 'child'): Record<string, unknown> => {
  let value: Record<string, unknown> = {}
  for (let i = 1; i < levels; i++) value = { [key]: value }
  return value
}

interface Tree {
  readonly child?: Tree | undefined
}
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ child: tree.optional() }))

// A recursive schema: its validator recurses once per level of the arguments.
const treeTool = defineTool({
  name: 'test.tree',
  description: 'Takes a tree.',
  inputSchema: z.object({ root: tree }),
  annotations: { readOnly: true },
  call: async () => ({ content: 'ok' }),
})

// A tool that recurses on what it is given until the stack runs out.
const recursingTool = defineTool({
  name: 'test.recursing',
  description: 'Recurses.',
  inputSchema: z.object({ n: z.number() }),
  annotations: { readOnly: true },
  call: async ({ n }) => {
    const down = (k: number): number => (k === 0 ? 0 : 1 + down(k + 1))
    return { content: String(down(n)) }
  },
})

describe('nestsDeeperThan', () => {
  it('counts the top object as level 1, and arrays like objects', () => {
    expect(nestsDeeperThan({}, 1)).toBe(false)
    expect(nestsDeeperThan({ a: {} }, 1)).toBe(true)
    expect(nestsDeeperThan({ a: [[1]] }, 3)).toBe(false)
    expect(nestsDeeperThan({ a: [[1]] }, 2)).toBe(true)
    expect(nestsDeeperThan({ a: 'x'.repeat(1000), b: [1, 2, 3] }, 2)).toBe(false)
  })

  it('walks a million levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(1_000_000), maxArgumentDepth)).toBe(true)
    expect(nestsDeeperThan(nested(maxArgumentDepth), maxArgumentDepth)).toBe(false)
  })

  it('tells a stack overflow from other errors', () => {
    const overflow = (() => {
      const down = (): number => 1 + down()
      try {
        return down()
      } catch (error) {
        return error
      }
    })()
    expect(isStackOverflow(overflow)).toBe(true)
    expect(isStackOverflow(new RangeError('Invalid array length'))).toBe(false)
  })
})

describe('hostile nesting at the gate', () => {
  let host: ToolHost
  beforeEach(async () => {
    host = await createToolHost({ tools: [treeTool, recursingTool], dataDir: tempDir() })
  })
  afterEach(() => host.close())

  const call = async (name: string, args: unknown) => {
    const inv = await host.createInvocation({ scope: 'session', protocol: 'openai-chat' })
    const [result] = await inv.executeTurn({ calls: [{ callId: 'c', name, arguments: args }] })
    return result
  }

  it('refuses arguments nested past the limit before a recursive validator sees them', async () => {
    const result = await call('test_tree', { root: nested(20_000) })
    expect(result).toMatchObject({ isError: true, errorCode: 'tool.invalid_arguments' })
    expect(result?.content).toContain(`more than ${maxArgumentDepth} levels`)
    expect((await call('test_tree', { root: nested(10) }))?.content).toBe('ok')
  })

  it('turns a stack overflow inside a tool into a recoverable result, not a failed turn', async () => {
    const result = await call('test_recursing', { n: 1 })
    expect(result).toMatchObject({ isError: true, errorCode: 'tool.invalid_arguments' })
  })
})

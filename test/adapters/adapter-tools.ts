import sharp from 'sharp'
import { z } from 'zod'
import { defineTool } from '../../src/tool/define-tool.js'

/**
 * Tools for adapter tests that record when each call starts and ends. A read with `together: true`
 * waits until a second such read has started (no timing: the two must run together, else it waits
 * until its timeout stops it and the test fails), so a log of `start a, start b, end …` proves they
 * ran together; a write of that file must start after both ended.
 */
export function recordingTools() {
  const log: string[] = []
  let reads = 0
  let secondRead: () => void = () => undefined
  const twoReadsStarted = new Promise<void>((resolve) => (secondRead = resolve))
  const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  const read = defineTool({
    name: 'note.read',
    description: 'Reads a note.',
    inputSchema: z.object({ id: z.string(), path: z.string(), together: z.boolean().optional() }),
    annotations: { readOnly: true },
    timeoutMs: 20_000,
    resources: ({ path }) => [{ kind: 'file', path, access: 'read' }],
    call: async ({ id, together }, ctx) => {
      log.push(`start ${id}`)
      if (together !== true) {
        await yieldTurn()
        log.push(`end ${id}`)
        return { content: `read ${id}` }
      }
      reads += 1
      if (reads >= 2) secondRead()
      await Promise.race([
        twoReadsStarted,
        new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('no second read')))),
      ])
      log.push(`end ${id}`)
      return { content: `read ${id}` }
    },
  })
  const write = defineTool({
    name: 'note.write',
    description: 'Writes a note.',
    inputSchema: z.object({ id: z.string(), path: z.string() }),
    resources: ({ path }) => [{ kind: 'file', path, access: 'write' }],
    call: async ({ id }) => {
      log.push(`start ${id}`)
      await yieldTurn()
      log.push(`end ${id}`)
      return { content: `wrote ${id}` }
    },
  })
  const long = defineTool({
    name: 'note.long',
    description: 'Returns a very long text.',
    inputSchema: z.object({ lines: z.number().int().min(1) }),
    annotations: { readOnly: true },
    call: async ({ lines }) => ({
      content: Array.from({ length: lines }, (_, i) => `line ${i + 1} of a long note`).join('\n'),
    }),
  })
  const picture = defineTool({
    name: 'note.picture',
    description: 'Returns a small picture.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => {
      const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer()
      return { content: 'a red square', images: [{ bytes: new Uint8Array(bytes), mimeType: 'image/png' }] }
    },
  })
  const crash = defineTool({
    name: 'note.crash',
    description: 'Fails with a bug.',
    inputSchema: z.object({}),
    annotations: { readOnly: true },
    call: async () => {
      throw new RangeError('internal bug')
    },
  })
  return { log, tools: [read, write, long, picture, crash] }
}

import sharp from 'sharp'
import { z } from 'zod'
import { defineTool } from '../../src/tool/define-tool.js'

/**
 * Tools for adapter tests that record when each call starts and ends: two reads of the same file
 * wait (by turns of the event loop, not by time) until both have started, so a log of
 * `start a, start b, end …` proves they ran together; a write of that file must start after both ended.
 */
export function recordingTools() {
  const log: string[] = []
  const started = new Set<string>()
  const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
  const read = defineTool({
    name: 'note.read',
    description: 'Reads a note.',
    inputSchema: z.object({ id: z.string(), path: z.string() }),
    annotations: { readOnly: true },
    resources: ({ path }) => [{ kind: 'file', path, access: 'read' }],
    call: async ({ id }) => {
      log.push(`start ${id}`)
      started.add(id)
      // Hold on until another read has started too, or give up after many event-loop turns.
      for (let turn = 0; turn < 500 && [...started].filter((one) => one.startsWith('r')).length < 2; turn++)
        await yieldTurn()
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

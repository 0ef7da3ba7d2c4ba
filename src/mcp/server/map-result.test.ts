import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import { mcpResult, mcpTool } from './map-result.js'

describe('mapping toolhost to MCP', () => {
  it('lists a binding with its alias, 2020-12 schema and hints', () => {
    const binding: SnapshotBinding = {
      toolId: 'builtin:dice.roll',
      alias: 'dice_roll',
      description: 'Roll dice.',
      inputSchema: { type: 'object', properties: { formula: { type: 'string' } } },
      strict: false,
      dropped: [],
      annotations: { title: 'Dice', readOnly: true, openWorld: false },
      completion: false,
    }
    expect(mcpTool(binding)).toEqual({
      name: 'dice_roll',
      title: 'Dice',
      description: 'Roll dice.',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { formula: { type: 'string' } },
      },
      annotations: { title: 'Dice', readOnlyHint: true, openWorldHint: false },
    })
  })

  it('maps text, structured data, images from the run directory, and errors', async () => {
    const runDir = await mkdtemp(join(tmpdir(), 'toolhost-mcp-map-'))
    try {
      await mkdir(join(runDir, 'tool-results'))
      await writeFile(join(runDir, 'tool-results', 'a.png'), Buffer.from([1, 2, 3]))
      const result = await mcpResult(
        {
          callId: 'c',
          toolId: 'builtin:x',
          content: 'hi',
          structured: { n: 1 },
          isError: true,
          resourceRefs: [],
          images: [{ path: 'tool-results/a.png', mimeType: 'image/png' }],
        },
        runDir,
      )
      expect(result).toEqual({
        content: [
          { type: 'text', text: 'hi' },
          { type: 'image', data: 'AQID', mimeType: 'image/png' },
        ],
        structuredContent: { n: 1 },
        isError: true,
      })
    } finally {
      await rm(runDir, { recursive: true, force: true })
    }
  })
})

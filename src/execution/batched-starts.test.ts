import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { tempDir } from '../../test/temp-dir.js'
import { createToolHost, type ToolHost } from '../host/create-tool-host.js'
import { defineTool } from '../tool/define-tool.js'

const dataDir = tempDir()
let host: ToolHost | undefined
afterEach(() => host?.close())

/**
 * A tool that, when it runs, reads the store on disk through a connection of its own: what it sees
 * is what a crash at that moment would leave.
 */
function lookingTool(dbPath: () => string, seen: Map<string, string[]>) {
  return defineTool({
    name: 'probe.look',
    description: 'Reads the audit from another connection.',
    inputSchema: z.object({ id: z.string() }),
    annotations: { readOnly: true },
    call: async ({ id }) => {
      const db = new DatabaseSync(dbPath(), { readOnly: true })
      try {
        const rows = db.prepare(`SELECT call_id FROM events WHERE type = 'running' ORDER BY seq`).all()
        seen.set(
          id,
          rows.map((row) => String(row.call_id)),
        )
      } finally {
        db.close()
      }
      return { content: id }
    },
  })
}

describe('calls that start together', () => {
  it('are all durable as running before any of them runs, and later batches before theirs', async () => {
    const seen = new Map<string, string[]>()
    host = await createToolHost({
      dataDir,
      tools: [lookingTool(() => host!.store().dbPath, seen)],
    })
    const inv = await host.createInvocation({
      scope: 'session',
      protocol: 'anthropic',
      profile: { tools: { maxConcurrency: 3 } },
    })
    const ids = ['c0', 'c1', 'c2', 'c3', 'c4']
    const results = await inv.executeTurn({
      calls: ids.map((id) => ({ callId: id, name: 'probe_look', arguments: { id } })),
    })
    expect(results.map((result) => result.isError)).toEqual([false, false, false, false, false])
    // The first three start together; each of them already sees all three on disk.
    for (const id of ['c0', 'c1', 'c2']) expect(seen.get(id)?.slice(0, 3)).toEqual(['c0', 'c1', 'c2'])
    // The last two start when slots free up; each sees itself and everything started before it.
    for (const id of ['c3', 'c4']) expect(seen.get(id)).toContain(id)
    const events = host.store().events({ invocationId: inv.id })
    for (const id of ids)
      expect(events.filter((event) => event.callId === id).map((event) => event.type)).toEqual([
        'requested',
        'admitted',
        'scheduled',
        'running',
        'succeeded',
      ])
  })
})

import { describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import type { ToolOutput } from '../../tool/define-tool.js'
import { memoryDeleteTool, memoryReadTool, memorySearchTool, memoryWriteTool } from './memory-tools.js'

describe('memory tools', () => {
  const ctx = testCallContext({ alias: (id) => id.replace('builtin:', '').replace('.', '_') })

  it('write, read, search and delete through one owner', async () => {
    const saved = (await memoryWriteTool.call({ text: 'Team lunch is on Fridays', tags: ['team'] }, ctx)) as ToolOutput
    const id = (saved.structured?.memory as { id: string }).id
    expect(saved.content).toBe(`Saved ${id}.`)
    expect(((await memoryReadTool.call({}, ctx)) as ToolOutput).content).toMatch(
      new RegExp(`^${id} \\(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\) \\[team\\]\\nTeam lunch is on Fridays$`),
    )
    expect(((await memorySearchTool.call({ query: 'friday lunches' }, ctx)) as ToolOutput).content).toContain(
      'Team lunch',
    )
    expect(((await memorySearchTool.call({ query: 'holidays' }, ctx)) as ToolOutput).content).toBe(
      'No memory matches "holidays".',
    )
    expect(((await memoryDeleteTool.call({ id }, ctx)) as ToolOutput).content).toBe(`Deleted ${id}.`)
    await expect(memoryDeleteTool.call({ id }, ctx)).rejects.toMatchObject({
      code: 'memory.not_found',
      message: `There is no memory ${id}; find ids with memory_search.`,
    })
    await expect(memoryReadTool.call({ id }, ctx)).rejects.toMatchObject({ code: 'memory.not_found' })
    await expect(memoryWriteTool.call({ id, text: 'x' }, ctx)).rejects.toMatchObject({ code: 'memory.not_found' })
  })

  it('refuses ids and tags far longer than any memory has, before echoing them back', async () => {
    const huge = 'k'.repeat(100_000)
    for (const [tool, input] of [
      [memoryWriteTool, { text: 'x', id: huge }],
      [memoryReadTool, { id: huge }],
      [memoryReadTool, { tag: huge }],
      [memoryDeleteTool, { id: huge }],
    ] as const) {
      expect(tool.inputSchema.safeParse(input).success).toBe(false)
    }
  })
})

import { tmpdir } from 'node:os'
import { describe, expect, it, vi } from 'vitest'
import { openStore } from '../store/store.js'
import { callTool, processCallContext, specDir, toolById } from './__fixtures__/process-fixtures.js'
import { loadProcessTools } from './load-process-tools.js'

// A pack written the iAs way: `desc` instead of `description`, and memory operations under the
// seed's names. memo.mjs asks for the operation given in its arguments, then answers with the
// host's response.
const memoScript = `import { text } from 'node:stream/consumers'
const request = JSON.parse(await text(process.stdin))
const { operation, fields } = request.arguments
const reply = (message) => process.stdout.write(JSON.stringify(message) + '\\n')
if (request.round === 1) reply({ type: 'db', operation, ...JSON.parse(fields ?? '{}') })
else reply({ type: 'result', content: JSON.stringify(request.response) })
`

const memoSpec = (risk: 'low' | 'high') => `pack: memo
tools:
  - name: memory_op
    desc: Run one memory operation.
    command: [node, memo.mjs]
    risk: ${risk}
    parameters:
      operation:
        type: string
        required: true
        desc: read_memories, write_memory, search_memories or delete_memory.
      fields:
        type: string
        desc: The operation's fields as JSON.
`

async function memoTool(risk: 'low' | 'high') {
  const dir = await specDir()
  await dir.file('memo.mjs', memoScript)
  await dir.file('memo.yaml', memoSpec(risk))
  const { tools, diagnostics } = await loadProcessTools([dir.path])
  expect(diagnostics).toEqual([])
  return toolById(tools, 'process/memo:memory_op')
}

const memoryOf = () => openStore(tmpdir(), { inMemory: true }).memories('user:ada')

describe('specs written for iAs', () => {
  it('reads desc as the description of the tool and of its parameters', async () => {
    const tool = await memoTool('low')
    expect(tool.describe({ alias: (id) => id, has: () => false, scope: 'chat', protocol: 'anthropic' })).toBe(
      'Run one memory operation.',
    )
    expect(tool.inputSchema).toMatchObject({
      properties: {
        operation: { type: 'string', description: 'read_memories, write_memory, search_memories or delete_memory.' },
        fields: { type: 'string', description: "The operation's fields as JSON." },
      },
    })
  })

  it('refuses a tool that has both desc and description', async () => {
    const dir = await specDir()
    await dir.file('both.yaml', 'name: both\ndescription: One.\ndesc: Two.\ncommand: [cat]\n')
    const { tools, diagnostics } = await loadProcessTools([dir.path])
    expect(tools).toEqual([])
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'process.invalid_spec',
        line: 3,
        message: expect.stringContaining('the tool has both "description" and "desc"; keep one'),
      }),
    ])
  })

  it("runs the seed's memory operations as write, search, read and delete", async () => {
    const tool = await memoTool('low')
    const memory = memoryOf()
    const ctx = processCallContext({ memory })
    const op = async (operation: string, fields: Record<string, unknown>) =>
      JSON.parse((await callTool(tool, { operation, fields: JSON.stringify(fields) }, ctx)).content as string)

    const { memory: written } = await op('write_memory', { text: 'likes green tea', tags: ['taste'] })
    expect(memory.read()).toEqual([expect.objectContaining({ id: written.id, text: 'likes green tea' })])
    const { matches } = await op('search_memories', { query: 'tea' })
    expect(matches.map((m: { id: string }) => m.id)).toEqual([written.id])
    const { memories } = await op('read_memories', { tag: 'taste' })
    expect(memories.map((m: { text: string }) => m.text)).toEqual(['likes green tea'])
    expect(await op('delete_memory', { id: written.id })).toEqual({ deleted: true })
    expect(memory.read()).toEqual([])
  })

  it('names the accepted operations when a process asks for an unknown one', async () => {
    const tool = await memoTool('low')
    const call = callTool(tool, { operation: 'forget_everything' }, processCallContext())
    await expect(call).rejects.toMatchObject({
      code: 'process.bad_output',
      message: expect.stringContaining(
        '"operation" of a db request must be one of read, write, search, delete, read_memories, write_memory, search_memories, delete_memory (got "forget_everything")',
      ),
    })
  })
})

describe('memory operations of a high-risk tool', () => {
  it('ask the approver first and do nothing when refused', async () => {
    const tool = await memoTool('high')
    const memory = memoryOf()
    const requestApproval = vi.fn(async () => false)
    const call = callTool(
      tool,
      { operation: 'write_memory', fields: JSON.stringify({ text: 'secret plan' }) },
      processCallContext({ memory, requestApproval }),
    )
    await expect(call).rejects.toMatchObject({
      code: 'process.db_denied',
      message: 'This tool wanted to write a memory to your memory, and it was not approved. Continue without it.',
    })
    expect(requestApproval).toHaveBeenCalledExactlyOnceWith({
      reason: "process/memo:memory_op is marked high risk and asks the host to write a memory to the owner's memory.",
      detail: { operation: 'write', text: 'secret plan' },
    })
    expect(memory.read()).toEqual([])
  })

  it('run once approved', async () => {
    const tool = await memoTool('high')
    const memory = memoryOf()
    memory.write({ text: 'old address', tags: ['home'] })
    const requestApproval = vi.fn(async () => true)
    const ctx = processCallContext({ memory, requestApproval })
    const out = await callTool(tool, { operation: 'search_memories', fields: '{"query":"address"}' }, ctx)
    expect(JSON.parse(out.content as string).matches).toEqual([expect.objectContaining({ text: 'old address' })])
    expect(requestApproval).toHaveBeenCalledOnce()
  })
})

describe('memory operations of a low-risk tool', () => {
  it('run without asking', async () => {
    const tool = await memoTool('low')
    const requestApproval = vi.fn(async () => true)
    await callTool(tool, { operation: 'read_memories' }, processCallContext({ requestApproval }))
    expect(requestApproval).not.toHaveBeenCalled()
  })
})

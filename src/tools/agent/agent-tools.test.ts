import { writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import { tempDir } from '../../../test/temp-dir.js'
import { SubAgentManager } from '../../agent/sub-agents/sub-agent-manager.js'
import type { DescriptionContext, ToolCallContext, ToolOutput, ToolCallReturn } from '../../tool/define-tool.js'
import type { RunServices, TaskReturn } from '../../tool/run-services.js'
import { createWorkspace } from '../../workspace/create-workspace.js'
import { memoryTaskList } from '../chat/__fixtures__/memory-run.js'
import { agentAwaitTool, agentDelegateTool, agentHandoffTool, agentTools, taskReturnTool } from './index.js'

const alias = (id: string) => id.replace(/^builtin:/, '').replace(/\./g, '_')

function runServices(overrides: Partial<RunServices> = {}): RunServices {
  return {
    runId: 'run-1',
    tasks: memoryTaskList(),
    conversation: () => [],
    lorebook: () => undefined,
    publish: async () => {},
    finish: () => {},
    ...overrides,
  }
}

async function output(result: ToolCallReturn): Promise<ToolOutput> {
  if (!(result instanceof Promise)) throw new Error('expected a promise')
  return result
}

function setup() {
  const pending = new Map<string, { resolve: (value: TaskReturn) => void; reject: (error: unknown) => void }>()
  const handoffs: string[] = []
  let next = 0
  const manager = new SubAgentManager({
    agents: () => [
      { id: 'researcher', description: 'Finds sources.' },
      { id: 'writer', description: 'Writes.' },
    ],
    startChild: ({ childId }) =>
      new Promise<TaskReturn>((resolve, reject) => pending.set(childId, { resolve, reject })),
    onHandoff: (agentId, message) => handoffs.push(`${agentId}: ${message}`),
    newId: () => `c${++next}`,
  })
  const ctx = testCallContext({ alias, has: () => true, run: runServices({ delegation: manager }) })
  const settle = (id: string) => {
    const found = pending.get(id)
    if (found === undefined) throw new Error(`no child ${id}`)
    return found
  }
  return { ctx, manager, settle, handoffs }
}

const descriptionContext: DescriptionContext = {
  alias,
  has: () => true,
  scope: 'session',
  protocol: 'openai-responses',
}
const describeTool = (description: string | ((ctx: DescriptionContext) => string)) =>
  typeof description === 'string' ? description : description(descriptionContext)

describe('agent tools', () => {
  it('are exported in order with their requirements and completion flags', () => {
    expect(agentTools.map((tool) => [tool.name, tool.requires, tool.completion ?? false])).toEqual([
      ['agent.delegate', ['run', 'delegation'], false],
      ['agent.await', ['run', 'delegation'], false],
      ['agent.handoff', ['run', 'delegation'], true],
      ['task.return', ['run', 'return'], true],
    ])
    expect(agentAwaitTool.annotations?.readOnly).toBe(true)
    for (const tool of agentTools) expect(describeTool(tool.description)).not.toMatch(/\{\w+\}/)
    expect(describeTool(agentDelegateTool.description)).toContain('agent_await')
    expect(describeTool(agentDelegateTool.description)).toContain('listed in the system prompt')
  })

  it('delegate → await: starts a child and reports its result', async () => {
    const { ctx, settle } = setup()
    const started = await output(
      agentDelegateTool.call(
        {
          agentId: 'researcher',
          task: { objective: 'Find sources', context: 'About tides', expected_output: 'A list' },
        },
        ctx,
      ),
    )
    expect(started.content).toContain('c1')
    expect(started.content).toContain('agent_await')
    expect(started.structured).toEqual({ childId: 'c1', agentId: 'researcher' })
    settle('c1').resolve({ summary: 'Three sources found.', status: 'partial', artifacts: ['notes/sources.md'] })
    const result = await output(agentAwaitTool.call({}, ctx))
    expect(result.content).toContain('1 returned, 0 failed or cancelled, 0 still running.')
    expect(result.content).toContain('## Child c1 (researcher): partial\nThree sources found.')
    expect(result.content).toContain('Files: notes/sources.md')
    expect(result.structured?.cut).toBe(false)
  })

  it('await reports running and failed children', async () => {
    const { ctx, settle } = setup()
    await output(agentDelegateTool.call({ agentId: 'researcher', task: { objective: 'a' } }, ctx))
    await output(agentDelegateTool.call({ agentId: 'writer', task: { objective: 'b' } }, ctx))
    settle('c2').reject(new Error('the model refused'))
    const result = await output(agentAwaitTool.call({ mode: 'one' }, ctx))
    expect(result.content).toContain('## Child c1 (researcher): still running')
    expect(result.content).toContain('## Child c2 (writer): failed\nthe model refused')
  })

  it('cuts long results to the token budget and says so', async () => {
    const { ctx, settle } = setup()
    await output(agentDelegateTool.call({ agentId: 'researcher', task: { objective: 'a' } }, ctx))
    await output(agentDelegateTool.call({ agentId: 'writer', task: { objective: 'b' } }, ctx))
    settle('c1').resolve({ summary: 'x'.repeat(50_000), status: 'completed', artifacts: [] })
    settle('c2').resolve({ summary: 'short answer', status: 'completed', artifacts: [] })
    const result = await output(agentAwaitTool.call({ mode: 'all' }, ctx))
    expect(result.content.length).toBeLessThanOrEqual(32_000)
    expect(result.content).toContain('short answer')
    expect(result.content).toMatch(/\[cut: [\d,]+ of 50,0\d\d characters/)
    expect(result.content).toContain('about 8,000 tokens')
    expect(result.structured?.cut).toBe(true)
  })

  it('reports tool errors from the manager and when delegation is missing', async () => {
    const { ctx } = setup()
    await expect(
      output(agentDelegateTool.call({ agentId: 'nobody', task: { objective: 'a' } }, ctx)),
    ).rejects.toMatchObject({ code: 'agent.unknown_agent' })
    await expect(output(agentAwaitTool.call({ child_ids: ['c7'] }, ctx))).rejects.toMatchObject({
      code: 'agent.unknown_child',
    })
    const bare: ToolCallContext = testCallContext({ alias })
    await expect(
      output(agentDelegateTool.call({ agentId: 'writer', task: { objective: 'a' } }, bare)),
    ).rejects.toMatchObject({ code: 'agent.not_available' })
    await expect(output(agentHandoffTool.call({ agentId: 'writer', message: 'm' }, bare))).rejects.toMatchObject({
      code: 'agent.not_available',
    })
    await expect(output(taskReturnTool.call({ summary: 's' }, bare))).rejects.toMatchObject({
      code: 'agent.not_available',
    })
  })

  it('handoff asks the run to transfer control', async () => {
    const { ctx, handoffs } = setup()
    const result = await output(agentHandoffTool.call({ agentId: 'writer', message: 'Over to you.' }, ctx))
    expect(result.content).toContain('writer')
    expect(handoffs).toEqual(['writer: Over to you.'])
  })

  it('task.return hands the result to the run, checking the artifacts exist', async () => {
    const dir = tempDir()
    mkdirSync(join(dir, 'out'))
    writeFileSync(join(dir, 'out', 'report.md'), '# Report\n')
    const returned: TaskReturn[] = []
    const ctx = testCallContext({
      alias,
      workspace: createWorkspace([{ at: '', hostDir: dir, access: 'read-write' }]),
      run: runServices({ returnTask: (result) => returned.push(result) }),
    })
    await expect(
      output(taskReturnTool.call({ summary: 'Done', artifacts: ['out/missing.md'] }, ctx)),
    ).rejects.toMatchObject({
      code: 'task.artifact_missing',
      message: expect.stringContaining('"out/missing.md"'),
    })
    const result = await output(
      taskReturnTool.call({ summary: 'Done', artifacts: ['out/report.md', 'out/report.md'] }, ctx),
    )
    expect(result.content).toContain('completed')
    expect(returned).toEqual([{ summary: 'Done', status: 'completed', artifacts: ['out/report.md'] }])
  })
})

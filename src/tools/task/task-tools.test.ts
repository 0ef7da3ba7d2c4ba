import { describe, expect, it } from 'vitest'
import { ToolError } from '../../core/tool-error.js'
import { callTool, chatContext, memoryRun, parsed } from '../chat/__fixtures__/memory-run.js'
import { formatTaskList, taskProgress } from './format-task-list.js'
import { taskReadTool, taskWriteTool } from './index.js'

const plan = [
  { content: 'Read the parser', status: 'completed' },
  { content: 'Add a test for empty input', status: 'in_progress' },
  { content: 'Fix the bug', status: 'pending' },
  { content: 'Rewrite everything', status: 'cancelled' },
] as const

describe('task.write and task.read', () => {
  it('keeps the plan with the run and shows it with progress', async () => {
    const run = memoryRun()
    const ctx = chatContext(run)
    const written = await callTool(taskWriteTool, parsed(taskWriteTool, { tasks: plan }), ctx)
    expect(written.content).toBe(
      'Plan saved (1 of 3 done):\n1. [x] Read the parser\n2. [>] Add a test for empty input (in progress)\n3. [ ] Fix the bug\n4. [-] Rewrite everything (cancelled)',
    )
    expect(run.tasks.read()).toEqual(plan)
    const read = await callTool(taskReadTool, {}, ctx)
    expect(read.content).toContain('Your plan (1 of 3 done):\n1. [x] Read the parser')
    expect(read.structured).toEqual({ tasks: plan })
  })

  it('says how to go on when nothing is in progress, and how to start when there is no plan', async () => {
    const ctx = chatContext(memoryRun())
    expect((await callTool(taskReadTool, {}, ctx)).content).toBe(
      'No plan yet. Write one with task_write when the work has several steps.',
    )
    const written = await callTool(
      taskWriteTool,
      parsed(taskWriteTool, { tasks: [{ content: 'Step one', status: 'pending' }] }),
      ctx,
    )
    expect(written.content).toContain('Next: mark an item in_progress with task_write when you start it.')
    const cleared = await callTool(taskWriteTool, parsed(taskWriteTool, { tasks: [] }), ctx)
    expect(cleared.content).toContain('Plan cleared.')
    expect((await callTool(taskReadTool, {}, ctx)).content).toContain('No plan yet.')
  })

  it('refuses two items in progress and keeps the plan it had', async () => {
    const run = memoryRun()
    const ctx = chatContext(run)
    await callTool(taskWriteTool, parsed(taskWriteTool, { tasks: plan }), ctx)
    const busy = [
      { content: 'a', status: 'in_progress' },
      { content: 'b', status: 'pending' },
      { content: 'c', status: 'in_progress' },
    ]
    const error = await callTool(taskWriteTool, parsed(taskWriteTool, { tasks: busy }), ctx).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ToolError)
    expect((error as ToolError).code).toBe('task.several_in_progress')
    expect((error as ToolError).message).toContain('Items 1, 3 are all in_progress')
    expect(run.tasks.read()).toEqual(plan)
  })

  it('validates items: content required and short, known statuses, at most 100', () => {
    const check = (tasks: unknown) => taskWriteTool.inputSchema.safeParse({ tasks }).success
    expect(check([{ content: '  ', status: 'pending' }])).toBe(false)
    expect(check([{ content: 'x'.repeat(501), status: 'pending' }])).toBe(false)
    expect(check([{ content: 'x', status: 'done' }])).toBe(false)
    expect(check(Array.from({ length: 101 }, () => ({ content: 'x', status: 'pending' })))).toBe(false)
    expect(check(Array.from({ length: 100 }, () => ({ content: 'x', status: 'pending' })))).toBe(true)
  })

  it('describes calls and results for people', () => {
    expect(taskWriteTool.renderToolUseMessage?.({ tasks: [...plan] })).toBe('Plan: 1 of 3 done')
    expect(taskWriteTool.renderToolUseMessage?.({ tasks: [] })).toBe('Clear the plan')
    expect(taskWriteTool.renderToolResultMessage?.({ content: '', structured: { tasks: [...plan] } })).toBe(
      'Now: Add a test for empty input',
    )
    expect(formatTaskList([])).toBe('')
    expect(taskProgress([{ content: 'x', status: 'cancelled' }])).toBe('0 of 0 done')
  })
})

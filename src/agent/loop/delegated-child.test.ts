import { describe, expect, it } from 'vitest'
import { childResult, taskPrompt } from './delegated-child.js'

describe('taskPrompt', () => {
  it('names the objective, and the context and expected output when given', () => {
    expect(taskPrompt({ objective: 'Count the tests.' })).toBe('Task: Count the tests.')
    expect(taskPrompt({ objective: 'Count.', context: 'In test/.', expectedOutput: 'A number.' })).toBe(
      'Task: Count.\n\nContext: In test/.\n\nExpected output: A number.',
    )
    expect(taskPrompt({ objective: 'Count.', context: '  ' })).toBe('Task: Count.')
  })
})

describe('childResult', () => {
  it('passes a return through and reads a plain answer as completed', () => {
    expect(childResult({ kind: 'returned', result: { summary: 's', status: 'partial', artifacts: ['a.md'] } })).toEqual(
      { summary: 's', status: 'partial', artifacts: ['a.md'] },
    )
    expect(childResult({ kind: 'completed', text: 'done', reason: 'answered' })).toEqual({
      summary: 'done',
      status: 'completed',
      artifacts: [],
    })
  })

  it('fails for a pause, a failure or a handoff, with the reason', () => {
    expect(() => childResult({ kind: 'paused', approvalIds: ['apr_1'] })).toThrow(/approval/)
    expect(() => childResult({ kind: 'failed', reason: 'reached the limit' })).toThrow('reached the limit')
    expect(() => childResult({ kind: 'handoff', agentId: 'x', message: 'm' })).toThrow(/hand off/)
  })
})

import { describe, expect, it } from 'vitest'
import { summarizeEvent } from './event-summary.js'
import { parseEvent } from './timeline-model.js'

describe('summarizeEvent', () => {
  it('titles a finished run with its status and reason, and previews its text', () => {
    const summary = summarizeEvent(
      parseEvent('finished', '1', '{"status":"completed","reason":"text reply","text":"All done.\\nBye."}'),
    )
    expect(summary).toEqual({
      title: 'Finished: completed (text reply)',
      tone: 'ok',
      body: 'All done.\nBye.',
      preview: 'All done.',
    })
  })

  it("shows an agent's plan as its progress and checklist", () => {
    const items = [
      { content: 'Read', status: 'completed' },
      { content: 'Fix', status: 'in_progress' },
      { content: 'Drop', status: 'cancelled' },
    ]
    const summary = summarizeEvent(parseEvent('tasks', '1', JSON.stringify({ invocationId: 'i', items })))
    expect(summary).toMatchObject({
      title: 'Plan: 1 of 2 done',
      tone: 'info',
      body: '1. [x] Read\n2. [>] Fix\n3. [-] Drop',
    })
  })

  it('never previews a system prompt', () => {
    const summary = summarizeEvent(
      parseEvent('invocation_started', '1', '{"agentId":"main","mode":"main","system":"secret rules"}'),
    )
    expect(summary.preview).toBeUndefined()
    expect(summary.body).toBe('secret rules')
  })

  it('marks a model error that will be retried as a warning, a final one as an error', () => {
    expect(summarizeEvent(parseEvent('model_error', '1', '{"message":"503","retrying":true}')).tone).toBe('warn')
    expect(summarizeEvent(parseEvent('model_error', '1', '{"message":"503"}'))).toMatchObject({
      title: 'Model error: 503',
      tone: 'error',
    })
  })

  it('shows an unknown event by its name and data', () => {
    expect(summarizeEvent(parseEvent('new_kind', '1', '{"a":1}'))).toMatchObject({
      title: 'new kind',
      preview: '{"a":1}',
    })
  })
})

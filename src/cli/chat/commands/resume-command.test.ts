import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chatHarness, until } from './__fixtures__/chat-harness.js'

describe('/resume', () => {
  it('lists the recent runs, newest first, each prompt cut to the width', async () => {
    const chat = await chatHarness([{ text: 'One.' }, { text: 'Two.' }], { width: 70 })
    const first = await chat.fx.run({ prompt: 'First question' })
    const second = await chat.fx.run({ prompt: `Second question ${'y'.repeat(100)}` })
    await chat.slash('/resume')
    const lines = chat.last().split('\n')
    expect(lines[0]).toMatch(
      new RegExp(`^${second.runId}  completed  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  Second ques\\S*…$`),
    )
    expect([...(lines[0] ?? '')].length).toBe(70)
    expect(lines[1]).toMatch(new RegExp(`^${first.runId}  completed  .*  First question$`))
    expect(lines.at(-1)).toBe('Go on with one: /resume <runId>')
  })

  it('says when there are no runs', async () => {
    const chat = await chatHarness([])
    await chat.slash('/resume')
    expect(chat.last()).toBe('No runs yet.')
  })

  it("shows a run's transcript and goes on with it from the next message", async () => {
    const chat = await chatHarness([{ text: 'It is 42.' }, { text: 'Doubled, 84.' }])
    const earlier = await chat.fx.run({ prompt: 'What is 6*7?' })
    await chat.slash('/model openai-chat:gpt-4o-other')
    const generation = chat.state().generation
    await chat.slash(`/resume ${earlier.runId}`)
    expect(chat.state().generation).toBe(generation + 1)
    expect(chat.state().settled.map((item) => item.kind)).toEqual(['user', 'assistant', 'notice'])
    expect(chat.last()).toBe(`Resumed run ${earlier.runId} (completed): the next message goes on with it.`)
    // The run's own model again, and its id on the status line.
    expect(chat.session.model).toBe('openai-chat:gpt-4o-scripted')
    expect(chat.state().status).toMatchObject({ runId: earlier.runId, model: 'openai-chat:gpt-4o-scripted' })
    const next = await chat.send('Double it.')
    expect(next).toMatchObject({ runId: earlier.runId, text: 'Doubled, 84.' })
  })

  it('refuses a run it does not know, and one running in another process', async () => {
    const chat = await chatHarness([{ text: 'Hi.' }])
    await chat.slash('/resume run_00000000000000000000')
    expect(chat.notices().at(-1)).toMatchObject({
      tone: 'error',
      text: expect.stringContaining('no run run_00000000000000000000'),
    })
    const other = await chat.fx.run({ prompt: 'Hello.' })
    const store = chat.fx.host.store()
    store.setRunStatus(other.runId, 'running')
    store.runLeases.acquire(other.runId, { host: 'another-host', pid: 1 }, 60_000, () => false)
    const before = chat.state().settled.length
    await chat.slash(`/resume ${other.runId}`)
    expect(chat.notices(before)).toEqual([
      { tone: 'error', text: expect.stringContaining(`run ${other.runId} is running in another process`) },
    ])
    expect(chat.session.runId).toBeUndefined()
  })

  it('asks what a paused run waits for on screen, and goes on with the answer', async () => {
    const chat = await chatHarness([
      { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }] },
      { text: 'Written.' },
    ])
    const paused = await chat.fx.run({ prompt: 'Write a.txt.' })
    const [approvalId] = paused.approvalIds
    expect(paused.status).toBe('paused')
    await chat.slash(`/resume ${paused.runId}`)
    expect(chat.notices().find((notice) => notice.text.startsWith(`Run ${paused.runId}`))).toEqual({
      tone: 'warning',
      text: `Run ${paused.runId} waits for approval of ${approvalId} (workspace_write_file): answer below, and it goes on.`,
    })
    await until(() => chat.session.approvals.pending.length === 1)
    expect(chat.session.approvals.pending[0]?.id).toBe(approvalId)
    chat.session.approvals.decide(approvalId ?? '', { behavior: 'allow', scope: 'once', approver: 'terminal' })
    await until(() => !chat.session.busy)
    expect(chat.fx.host.store().getRun(paused.runId)?.status).toBe('completed')
    expect(existsSync(join(chat.fx.projectDir, 'a.txt'))).toBe(true)
  })

  it('goes on at once with a paused run whose answers are in', async () => {
    const chat = await chatHarness([
      { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }] },
      { text: 'Written.' },
    ])
    const paused = await chat.fx.run({ prompt: 'Write a.txt.' })
    await chat.fx.host.approvals.approve(paused.approvalIds[0] ?? '', { approver: 'cli:someone', continueTurn: false })
    await chat.slash(`/resume ${paused.runId}`)
    expect(chat.notices().at(-1)?.text).toBe(
      `Run ${paused.runId} was paused for approval and the answers are in: it goes on now.`,
    )
    await until(() => !chat.session.busy)
    expect(chat.fx.host.store().getRun(paused.runId)?.status).toBe('completed')
    expect(existsSync(join(chat.fx.projectDir, 'a.txt'))).toBe(true)
  })
})

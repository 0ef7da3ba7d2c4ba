import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiFixture } from './api-fixture.js'
import { eventually, getJson, postToChannel, sseReader, writeCall } from './run-api-helpers.js'

interface RunSummary {
  id: string
  status: string
  scope: string
  prompt?: string
  model?: string
  conversationId?: string
  calls: number
  pendingApprovals: number
}

const readCall = {
  text: 'Reading.',
  calls: [{ id: 'call_r', name: 'workspace_read_file', args: '{"file_path":"notes.txt"}' }],
}

async function runOf(fx: Awaited<ReturnType<typeof apiFixture>>, status: string): Promise<RunSummary> {
  return eventually(async () => {
    const { runs } = await getJson<{ runs: RunSummary[] }>(fx, `/api/runs?status=${status}`)
    return runs[0]
  }, `a ${status} run`)
}

describe('runs over the HTTP API', () => {
  it('lists and filters runs, and gives one with its events, transcript and audit', async () => {
    const fx = await apiFixture({
      replies: [readCall, { text: 'The notes say hi.' }],
      setup: ({ projectDir }) => writeFileSync(join(projectDir, 'notes.txt'), 'hi'),
    })
    await postToChannel(fx, 'ann', 'What do the notes say?')
    const run = await runOf(fx, 'completed')
    expect(run).toMatchObject({
      status: 'completed',
      scope: 'session',
      prompt: 'What do the notes say?',
      model: 'openai-chat:gpt-4o-scripted',
      conversationId: 'http:ann',
      calls: 1,
      pendingApprovals: 0,
    })
    expect((await getJson<{ runs: RunSummary[] }>(fx, '/api/runs?status=paused')).runs).toEqual([])
    expect((await getJson<{ runs: RunSummary[] }>(fx, '/api/runs?scope=chat')).runs).toEqual([])
    const page = await getJson<{ runs: RunSummary[]; next?: string }>(fx, '/api/runs?limit=1')
    expect(page.runs.map((r) => r.id)).toEqual([run.id])
    expect(page.next).toBeUndefined()
    expect((await getJson<{ runs: RunSummary[] }>(fx, `/api/runs?before=${run.id}`)).runs).toEqual([])

    const detail = await getJson<{ events: { type: string }[]; invocations: { agentId?: string }[] }>(
      fx,
      `/api/runs/${run.id}`,
    )
    expect(detail.events.map((e) => e.type)).toEqual(expect.arrayContaining(['run_started', 'finished']))
    expect(detail.invocations).toHaveLength(1)

    const transcript = await getJson<{ invocations: { entries: { entry: { kind: string } }[] }[] }>(
      fx,
      `/api/runs/${run.id}/transcript`,
    )
    const kinds = transcript.invocations[0]?.entries.map((e) => e.entry.kind) ?? []
    expect(kinds[0]).toBe('user')
    expect(kinds).toContain('assistant')

    const audit = await getJson<{
      calls: { alias: string; outcome: string; input: string }[]
      summary: { calls: number }
    }>(fx, `/api/runs/${run.id}/audit`)
    expect(audit.summary.calls).toBe(1)
    expect(audit.calls[0]).toMatchObject({
      alias: 'workspace_read_file',
      outcome: 'succeeded',
      input: '{"file_path":"notes.txt"}',
    })
  })

  it('streams a run live until it ends, and goes on after Last-Event-ID', async () => {
    const fx = await apiFixture({ replies: [writeCall, { text: 'Written.' }] })
    await postToChannel(fx, 'bob', 'Put hello in a.txt')
    const run = await runOf(fx, 'paused')
    const response = await fx.api(`/api/runs/${run.id}/events`)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const stream = sseReader(response)
    // What was stored before: up to the question to a person.
    const before = await stream.next((e) => e.event === 'awaiting_approval')
    expect(before[0]?.event).toBe('run_started')
    const { approvals } = await getJson<{ approvals: { id: string }[] }>(fx, '/api/approvals')
    expect((await fx.api(`/api/approvals/${approvals[0]?.id}/approve`, { body: {} })).status).toBe(200)
    // Then, live, what the approval let happen, and the end.
    const after = await stream.next((e) => e.event === 'end')
    const types = after.map((e) => e.event)
    expect(types).toEqual(expect.arrayContaining(['running', 'succeeded', 'finished', 'end']))
    expect(types.at(-1)).toBe('end')
    const ids = [...before, ...after].flatMap((e) => (e.id === undefined ? [] : [e.id]))
    expect(new Set(ids).size).toBe(ids.length)

    // A client that saw up to the question gets the rest again, nothing twice.
    const lastSeen = before.at(-1)?.id ?? ''
    const again = sseReader(await fx.api(`/api/runs/${run.id}/events`, { headers: { 'last-event-id': lastSeen } }))
    const resumed = await again.next((e) => e.event === 'end')
    expect(resumed.map((e) => e.id)).toEqual(after.map((e) => e.id))
  })

  it('cancels a run the daemon drives and resumes it through its conversation', async () => {
    const fx = await apiFixture({ replies: [{ hang: true }, { text: 'Back again.' }] })
    await postToChannel(fx, 'cy', 'Take your time')
    const run = await runOf(fx, 'running')
    await eventually(async () => (fx.model.requests.length > 0 ? true : undefined), 'the model asked')
    const cancelled = await fx.api(`/api/runs/${run.id}/cancel`, { body: {} })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toEqual({ runId: run.id, status: 'cancelled', via: 'daemon' })
    const resumed = await fx.api(`/api/runs/${run.id}/resume`, { body: {} })
    expect(resumed.status).toBe(202)
    expect(await resumed.json()).toMatchObject({ runId: run.id, via: 'conversation' })
    const done = await runOf(fx, 'completed')
    expect(done.id).toBe(run.id)
    const finished = await getJson<{ events: { type: string; data: { status?: string } }[] }>(fx, `/api/runs/${run.id}`)
    expect(finished.events.filter((e) => e.type === 'finished').map((e) => e.data.status)).toEqual([
      'cancelled',
      'completed',
    ])
    // An ended run can be neither cancelled nor resumed.
    expect((await fx.api(`/api/runs/${run.id}/cancel`, { body: {} })).status).toBe(409)
    expect((await fx.api(`/api/runs/${run.id}/resume`, { body: {} })).status).toBe(409)
  })

  it('cancels a paused run no process drives in the store, its approval expired', async () => {
    const fx = await apiFixture({ replies: [writeCall] })
    await postToChannel(fx, 'dee', 'Put hello in a.txt')
    const run = await runOf(fx, 'paused')
    const response = await fx.api(`/api/runs/${run.id}/cancel`, { body: {} })
    expect(await response.json()).toEqual({ runId: run.id, status: 'cancelled', via: 'store' })
    const { approvals } = await getJson<{ approvals: { status: string }[] }>(fx, '/api/approvals?status=all')
    expect(approvals.map((a) => a.status)).toEqual(['expired'])
    expect((await getJson<{ approvals: unknown[] }>(fx, '/api/approvals')).approvals).toEqual([])
  })

  it('refuses requests without the token, from another origin, with bad input, for unknown runs, and browser changes without CSRF', async () => {
    const fx = await apiFixture()
    expect((await fetch(`${fx.url}/api/runs`)).status).toBe(401)
    expect((await fx.api('/api/runs', { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    expect((await fx.api('/api/runs?status=sleeping')).status).toBe(400)
    expect((await fx.api('/api/runs?limit=0')).status).toBe(400)
    for (const path of [
      '/api/runs/run_nope',
      '/api/runs/run_nope/events',
      '/api/runs/run_nope/transcript',
      '/api/runs/run_nope/audit',
    ])
      expect((await fx.api(path)).status).toBe(404)
    expect((await fx.api('/api/runs/run_nope/cancel', { body: {} })).status).toBe(404)
    const { cookie, csrfToken } = await fx.login()
    const withoutCsrf = await fetch(`${fx.url}/api/runs/run_nope/resume`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(withoutCsrf.status).toBe(403)
    const withCsrf = await fetch(`${fx.url}/api/runs/run_nope/resume`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
      body: '{}',
    })
    expect(withCsrf.status).toBe(404)
  })
})

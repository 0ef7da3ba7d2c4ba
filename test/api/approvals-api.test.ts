import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { apiFixture, type ApiFixture } from './api-fixture.js'
import { eventually, getJson, postToChannel, writeCall } from './run-api-helpers.js'

interface Approval {
  id: string
  runId: string
  alias: string
  inputText: string
  status: string
  decision?: string
  message?: string
  approver?: string
  alwaysRule?: string
  conversationId?: string
  duringCall: boolean
}

async function pendingApproval(fx: ApiFixture): Promise<Approval> {
  return eventually(
    async () => (await getJson<{ approvals: Approval[] }>(fx, '/api/approvals')).approvals[0],
    'an approval request',
  )
}

async function runStatus(fx: ApiFixture, runId: string, status: string): Promise<void> {
  await eventually(
    async () => ((await getJson<{ status: string }>(fx, `/api/runs/${runId}`)).status === status ? true : undefined),
    `run ${runId} ${status}`,
  )
}

describe('approvals over the HTTP API', () => {
  it('approves once: the call runs, the run goes on, the code in the chat is masked', async () => {
    const fx = await apiFixture({ replies: [writeCall, { text: 'Written.' }] })
    await postToChannel(fx, 'eve', 'Put hello in a.txt')
    const approval = await pendingApproval(fx)
    expect(approval).toMatchObject({
      alias: 'workspace_write_file',
      status: 'pending',
      conversationId: 'http:eve',
      duringCall: false,
    })
    expect(approval.inputText).toContain('"content": "hello"')
    const response = await fx.api(`/api/approvals/${approval.id}/approve`, { body: { scope: 'once' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: approval.id,
      status: 'allowed',
      decision: 'once',
      approver: 'api:token',
    })
    await runStatus(fx, approval.runId, 'completed')
    expect(readFileSync(join(fx.projectDir, 'a.txt'), 'utf8')).toBe('hello')
    const { messages } = await getJson<{ messages: { role: string; text: string }[] }>(
      fx,
      '/api/conversations/http:eve/messages',
    )
    expect(messages.find((m) => m.role === 'assistant')?.text).toBe('Written.')
    expect(messages.find((m) => m.role === 'approval')?.text).not.toMatch(/\b\d{6}\b/)
    // Decided once only.
    expect((await fx.api(`/api/approvals/${approval.id}/deny`, { body: {} })).status).toBe(409)
    expect((await getJson<{ approvals: Approval[] }>(fx, '/api/approvals')).approvals).toEqual([])
    const all = await getJson<{ approvals: Approval[] }>(fx, '/api/approvals?status=all')
    expect(all.approvals.map((a) => a.status)).toEqual(['allowed'])
  })

  it('approves always: the rule is kept with the decision and the run goes on', async () => {
    const fx = await apiFixture({ replies: [writeCall, { text: 'Written for good.' }] })
    await postToChannel(fx, 'fay', 'Put hello in a.txt')
    const approval = await pendingApproval(fx)
    expect(approval.alwaysRule).toBeDefined()
    const response = await fx.api(`/api/approvals/${approval.id}/approve`, { body: { scope: 'always' } })
    expect(await response.json()).toMatchObject({
      status: 'allowed',
      decision: 'always',
      alwaysRule: approval.alwaysRule,
    })
    await runStatus(fx, approval.runId, 'completed')
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(true)
  })

  it('denies with a message: the model is told, nothing is written, the run goes on', async () => {
    const fx = await apiFixture({ replies: [writeCall, { text: 'Understood.' }] })
    await postToChannel(fx, 'gus', 'Put hello in a.txt')
    const approval = await pendingApproval(fx)
    const response = await fx.api(`/api/approvals/${approval.id}/deny`, { body: { message: 'use b.txt instead' } })
    expect(await response.json()).toMatchObject({ status: 'denied', message: 'use b.txt instead' })
    await runStatus(fx, approval.runId, 'completed')
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
    expect(JSON.stringify(fx.model.requests[1]?.body)).toContain('use b.txt instead')
  })

  it('refuses a wrong scope, unknown requests and browser decisions without CSRF', async () => {
    const fx = await apiFixture({ replies: [writeCall] })
    await postToChannel(fx, 'hal', 'Put hello in a.txt')
    const approval = await pendingApproval(fx)
    expect((await fx.api(`/api/approvals/${approval.id}/approve`, { body: { scope: 'forever' } })).status).toBe(400)
    expect((await fx.api('/api/approvals?status=some')).status).toBe(400)
    expect((await fx.api('/api/approvals/apr_nope/approve', { body: {} })).status).toBe(404)
    expect((await fx.api('/api/approvals/apr_nope/deny', { body: {} })).status).toBe(404)
    const { cookie } = await fx.login()
    const refused = await fetch(`${fx.url}/api/approvals/${approval.id}/approve`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    expect((await pendingApproval(fx)).status).toBe('pending')
  })
})

describe('approvals of runs outside a conversation', () => {
  it('approving the last request resumes the paused run in the daemon with its model', async () => {
    const fx = await apiFixture({ replies: [writeCall, { text: 'Written here.' }] })
    const paused = await runAgent({
      host: fx.host,
      model: 'openai-chat:gpt-4o-scripted',
      baseUrl: fx.model.baseUrl,
      apiKey: 'test-key',
      prompt: 'Put hello in a.txt',
    })
    expect(paused.status).toBe('paused')
    const approval = await pendingApproval(fx)
    expect(approval.conversationId).toBeUndefined()
    expect((await fx.api(`/api/approvals/${approval.id}/approve`, { body: {} })).status).toBe(200)
    await runStatus(fx, paused.runId, 'completed')
    expect(readFileSync(join(fx.projectDir, 'a.txt'), 'utf8')).toBe('hello')
  })
})

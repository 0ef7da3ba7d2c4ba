import { expect, it } from 'vitest'
import { daemonFixture, describeBackends, said } from './daemon-fixture.js'

const bypass = { permissions: { mode: 'bypass' } }

describeBackends('a conversation over the HTTP channel', (queue) => {
  it('answers with a tool call through the bus, the gate and the audit, then the reply', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      profile: bypass,
      replies: [
        { text: 'Computing.', calls: [{ id: 'call_1', name: 'calculator_evaluate', args: '{"expression":"6*7"}' }] },
        { text: 'It is 42.' },
      ],
    })
    const posted = await fx.post('alice', 'What is 6 times 7?')
    expect(posted.status).toBe(202)
    const { messageId } = (await posted.json()) as { messageId: string }
    expect(messageId).toMatch(/^msg_/)
    const messages = await fx.waitFor('alice', (m) => m.some((x) => x.role === 'assistant'))
    expect(said(messages)).toEqual(['user: What is 6 times 7?', 'assistant: It is 42.'])

    // The call went through the gate and the audit like any other.
    const store = fx.host.store()
    const [run] = store.listRuns()
    const calls = store.events({ runId: run?.id ?? '', types: ['succeeded'] })
    expect(calls).toHaveLength(1)
    // One correlation id follows the message through the consumers' logs.
    const correlated = fx.records.filter((r) => r.fields.correlationId !== undefined)
    const ids = new Set(correlated.map((r) => r.fields.correlationId))
    expect(ids.size).toBe(1)
    expect(correlated.map((r) => r.message)).toEqual(expect.arrayContaining(['message received', 'run ended']))
    // …and the audit: the run records it with its start.
    expect(store.runEvents(run?.id ?? '', { type: 'run_started' })[0]?.data.correlationId).toBe([...ids][0])
    // The model saw the reply of this turn only once, and each tool result paired with its call.
    expect(fx.model.requests).toHaveLength(2)
  })

  it('keeps one long-lived chat: a later message sees the earlier exchange, messages are answered in order', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      respond: (request) => {
        const messages = request.body.messages as { role: string; content: unknown }[]
        const users = messages.filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content))
        return { text: `answer ${users.length} to ${users.at(-1)}` }
      },
    })
    for (const text of ['one', 'two', 'three']) expect((await fx.post('bob', text)).status).toBe(202)
    const messages = await fx.waitFor('bob', (m) => m.filter((x) => x.role === 'assistant').length === 3)
    // Replies may come between the posts; each in turn, seeing every earlier message.
    expect(said(messages.filter((m) => m.role === 'user'))).toEqual(['user: one', 'user: two', 'user: three'])
    expect(said(messages.filter((m) => m.role === 'assistant'))).toEqual([
      'assistant: answer 1 to "one"',
      'assistant: answer 2 to "two"',
      'assistant: answer 3 to "three"',
    ])
  })

  it('refuses what it cannot take, with what to fix', async () => {
    const fx = await daemonFixture({ queue: queue() })
    const noToken = await fetch(`${fx.http.url}/channels/http/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversation: 'x', text: 'hi' }),
    })
    expect(noToken.status).toBe(401)
    const bad = await fx.post('bad id with spaces', 'hi')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: string }).error).toMatch(/conversation/)
    expect((await fetch(`${fx.http.url}/healthz`)).status).toBe(200)
    const ready = await fetch(`${fx.http.url}/readyz`)
    expect(await ready.json()).toEqual({ status: 'ready', queue: queue() === 'sqlite' ? 'sqlite' : 'redis' })
    expect((await fetch(`${fx.http.url}/metrics`)).status).toBe(401)
    const metrics = await fetch(`${fx.http.url}/metrics`, { headers: { authorization: `Bearer ${fx.http.token}` } })
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('toolhost_queue_messages')
    expect(fx.model.requests).toHaveLength(0)
  })
})

import { describe, expect, it } from 'vitest'
import { ConversationStore } from '../../src/daemon/conversations/conversation-store.js'
import { createScheduleService } from '../../src/daemon/schedules/schedule-table.js'
import { apiFixture } from './api-fixture.js'
import { eventually, getJson, postToChannel, sseReader } from './run-api-helpers.js'

interface Message {
  seq: number
  role: string
  text: string
  state: string
  runId?: string
}

describe('conversations and schedules over the HTTP API', () => {
  it('chats from the console: the message is answered by the daemon, its messages are listed and streamed live', async () => {
    const fx = await apiFixture({ replies: [{ text: 'Hello from the agent.' }] })
    // Followed before it exists, as the console's chat page does.
    const events = await fx.api('/api/conversations/console:me/events')
    expect(events.headers.get('content-type')).toContain('text/event-stream')
    const stream = sseReader(events)
    const posted = await fx.api('/api/conversations/me/messages', { body: { text: 'Hi there' } })
    expect(posted.status).toBe(202)
    expect(await posted.json()).toMatchObject({ conversationId: 'console:me', duplicate: false })
    const live = await stream.next((e) => (JSON.parse(e.data) as Message).role === 'assistant')
    expect(live.map((e) => `${(JSON.parse(e.data) as Message).role}: ${(JSON.parse(e.data) as Message).text}`)).toEqual(
      ['user: Hi there', 'assistant: Hello from the agent.'],
    )
    await stream.cancel()
    // Coming back after the first message gives only what followed it.
    const again = sseReader(
      await fx.api('/api/conversations/console:me/events', { headers: { 'last-event-id': live[0]?.id ?? '' } }),
    )
    const rest = await again.next(() => true)
    expect(rest.map((e) => e.id)).toEqual([live[1]?.id])
    await again.cancel()

    const { messages } = await getJson<{ messages: Message[] }>(fx, '/api/conversations/console:me/messages')
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[0]).toMatchObject({ state: 'answered' })
    expect(messages[0]?.runId).toMatch(/^run_/)
    const after = await getJson<{ messages: Message[] }>(
      fx,
      `/api/conversations/console:me/messages?after=${messages[0]?.seq}`,
    )
    expect(after.messages.map((m) => m.role)).toEqual(['assistant'])
  })

  it('lists the conversations of every channel, the latest first', async () => {
    const fx = await apiFixture({ replies: [{ text: 'One.' }, { text: 'Two.' }] })
    await postToChannel(fx, 'ivy', 'First')
    await eventually(async () => {
      const { messages } = await getJson<{ messages: Message[] }>(fx, '/api/conversations/http:ivy/messages')
      return messages.some((m) => m.role === 'assistant') ? true : undefined
    }, 'the http conversation answered')
    await fx.api('/api/conversations/me/messages', { body: { text: 'Second' } })
    const { conversations } = await eventually(async () => {
      const listed = await getJson<{ conversations: { id: string; channel: string; messages: number }[] }>(
        fx,
        '/api/conversations',
      )
      return listed.conversations.length === 2 ? listed : undefined
    }, 'two conversations')
    expect(conversations.map((c) => [c.id, c.channel])).toEqual([
      ['console:me', 'console'],
      ['http:ivy', 'http'],
    ])
    expect(conversations[1]?.messages).toBe(2)
  })

  it('lists schedules and cancels one', async () => {
    const fx = await apiFixture()
    new ConversationStore(fx.host.store()).ensure('console', 'me')
    const schedules = createScheduleService(fx.host.store(), { conversationId: 'console:me' })
    const daily = await schedules.create({ cron: '0 9 * * *', prompt: 'Say good morning' }, 'call_daily')
    const { schedules: listed } = await getJson<{ schedules: { id: string; state: string; conversationId: string }[] }>(
      fx,
      '/api/schedules',
    )
    expect(listed).toEqual([expect.objectContaining({ id: daily.id, state: 'active', conversationId: 'console:me' })])
    const cancelled = await fx.api(`/api/schedules/${daily.id}`, { method: 'DELETE' })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toMatchObject({ id: daily.id, state: 'cancelled' })
    expect((await getJson<{ schedules: unknown[] }>(fx, '/api/schedules?state=active')).schedules).toEqual([])
    expect((await schedules.list()).map((s) => s.state)).toEqual(['cancelled'])
  })

  it('refuses bad input, unknown conversations and schedules, other channels, and browser changes without CSRF', async () => {
    const fx = await apiFixture()
    expect((await fx.api('/api/conversations/me/messages', { body: { text: '   ' } })).status).toBe(400)
    expect((await fx.api('/api/conversations/me/messages', { body: { words: 'hi' } })).status).toBe(400)
    expect((await fx.api('/api/conversations/http:someone/messages', { body: { text: 'hi' } })).status).toBe(400)
    expect((await fx.api('/api/conversations/http:nobody/messages')).status).toBe(404)
    expect((await fx.api('/api/conversations/http:nobody/events')).status).toBe(404)
    expect((await fx.api('/api/schedules/sch_nope', { method: 'DELETE' })).status).toBe(404)
    expect((await fx.api('/api/schedules?state=paused')).status).toBe(400)
    expect((await fetch(`${fx.url}/api/conversations`)).status).toBe(401)
    expect((await fx.api('/api/schedules', { headers: { origin: 'https://evil.example' } })).status).toBe(403)
    const { cookie, csrfToken } = await fx.login()
    const post = (headers: Record<string, string>) =>
      fetch(`${fx.url}/api/conversations/me/messages`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ text: 'from the browser' }),
      })
    expect((await post({})).status).toBe(403)
    expect((await post({ 'x-csrf-token': csrfToken })).status).toBe(202)
  })
})

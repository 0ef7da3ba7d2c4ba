import { afterEach, describe, expect, it } from 'vitest'
import type { ApprovalPrompt, Channel, OutboundMessage } from '../channel.js'
import { arrayHost } from '../__fixtures__/array-host.js'
import { serveChannel } from '../__fixtures__/serve-channel.js'
import { RetryLaterError } from '../retry-later-error.js'
import { startFakeBotApi, type FakeBotApi } from './__fixtures__/fake-bot-api.js'
import { telegramChannel, type TelegramChannelOptions } from './telegram-channel.js'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function fakeApi(): Promise<FakeBotApi> {
  const api = await startFakeBotApi()
  cleanups.push(() => api.close())
  return api
}

async function polling(api: FakeBotApi, options: Partial<TelegramChannelOptions> = {}) {
  const host = arrayHost('telegram')
  const channel = telegramChannel({
    token: api.token,
    apiRoot: api.apiRoot,
    mode: 'polling',
    retryDelayMs: 1,
    ...options,
  })
  await channel.start(host)
  cleanups.push(() => channel.stop())
  return { host, channel }
}

function outbound(text: string, id = 'out-1'): OutboundMessage {
  return { id, conversationId: 'telegram:42', chatId: '42', role: 'assistant', text, address: {}, correlationId: 'c' }
}

describe('Telegram channel, polling', () => {
  it('hands text messages to the host with the chat, message id and sender', async () => {
    const api = await fakeApi()
    const { host } = await polling(api)
    api.pushMessage({ chatId: 42, text: 'hello bot' })
    const [message] = await host.waitForReceived(1)
    expect(message).toEqual({
      chatId: '42',
      text: 'hello bot',
      externalId: expect.stringMatching(/^\d+$/),
      sender: { id: '42', name: 'Ada Lovelace' },
    })
    expect(api.calls.slice(0, 3)).toEqual(['getMe', 'deleteWebhook', 'getUpdates'])
  })

  it('fetches a message again when the host could not record it, and records it once', async () => {
    const api = await fakeApi()
    const { host } = await polling(api)
    host.failNextReceives(2)
    api.pushMessage({ chatId: 42, text: 'keep me' })
    api.pushMessage({ chatId: 42, text: 'and me' })
    const received = await host.waitForReceived(2)
    expect(received.map((m) => m.text)).toEqual(['keep me', 'and me'])
    expect(host.warnings.filter((w) => /handling update 1 failed/.test(w))).toHaveLength(2)
  })

  it('stops a long poll at once and gets what came meanwhile at the next start', async () => {
    const api = await fakeApi()
    const host = arrayHost('telegram')
    const channel = telegramChannel({ token: api.token, apiRoot: api.apiRoot, mode: 'polling', pollTimeoutSeconds: 50 })
    await channel.start(host)
    api.pushMessage({ chatId: 42, text: 'first' })
    await host.waitForReceived(1)
    await api.waitForPoll()
    await channel.stop()
    api.pushMessage({ chatId: 42, text: 'while stopped' })
    await channel.start(host)
    cleanups.push(() => channel.stop())
    const received = await host.waitForReceived(2)
    expect(received.map((m) => m.text)).toEqual(['first', 'while stopped'])
  })

  it('ignores users who are not allowed, and messages without text', async () => {
    const api = await fakeApi()
    const { host } = await polling(api, { allowedUsers: ['@Ada_L', '7'] })
    api.pushMessage({ chatId: 99, text: 'let me in', from: { id: 99, first_name: 'Mallory' } })
    api.pushUpdate({
      message: {
        message_id: 500,
        date: 0,
        chat: { id: 7, type: 'private' },
        from: { id: 7, is_bot: false, first_name: 'Bo' },
        photo: [],
      },
    })
    api.pushMessage({ chatId: 5, text: 'by name', from: { id: 5, first_name: 'Ada', username: 'ada_l' } })
    api.pushMessage({ chatId: 7, text: 'by id', from: { id: 7, first_name: 'Bo' } })
    const received = await host.waitForReceived(2)
    expect(received.map((m) => m.text)).toEqual(['by name', 'by id'])
    expect(host.warnings.some((w) => /not allowed/.test(w))).toBe(true)
  })

  it('refuses a wrong token at start', async () => {
    const api = await fakeApi()
    const channel = telegramChannel({ token: '1:wrong', apiRoot: api.apiRoot, mode: 'polling' })
    await expect(channel.start(arrayHost('telegram'))).rejects.toThrow(/refused the bot token/)
  })
})

describe('Telegram channel, sending', () => {
  it('sends replies to the chat, split at 4096 characters', async () => {
    const api = await fakeApi()
    const { channel } = await polling(api)
    await channel.send(outbound(`${'a'.repeat(4000)}\n${'b'.repeat(1000)}`))
    expect(api.sent.map((m) => [m.chatId, m.text.length])).toEqual([
      ['42', 4000],
      ['42', 1000],
    ])
  })

  it('sends an approval request as a message with its code', async () => {
    const api = await fakeApi()
    const { channel } = await polling(api)
    const request: ApprovalPrompt = {
      ...outbound('system.shell wants to run "rm -rf build". Reply 123456 to allow, or "deny 123456".', 'ap'),
      role: 'approval',
      approvalId: 'ap-1',
      code: '123456',
      tool: 'system.shell',
      inputText: '{"command":"rm -rf build"}',
      reason: 'writes files',
      expiresAt: 0,
    }
    await channel.sendApprovalRequest(request)
    expect(api.sent).toEqual([expect.objectContaining({ chatId: '42', text: request.text })])
  })

  it('throws RetryLaterError on a long 429 and resumes after the parts already sent', async () => {
    const api = await fakeApi()
    const { channel } = await polling(api)
    api.failNextSends(1, 30, 1)
    const message = outbound(`${'a'.repeat(4000)}\n${'b'.repeat(1000)}`)
    const error: unknown = await channel.send(message).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RetryLaterError)
    expect(error).toMatchObject({ retryAfterMs: 30_000 })
    expect(api.sent.map((m) => m.text.length)).toEqual([4000])
    await channel.send(message)
    expect(api.sent.map((m) => m.text.length)).toEqual([4000, 1000])
    await channel.send(message)
    expect(api.sent).toHaveLength(2)
  })

  it('waits out a short 429 and sends', async () => {
    const api = await fakeApi()
    const { channel } = await polling(api)
    api.failNextSends(1, 1)
    await channel.send(outbound('after a pause'))
    expect(api.sent.map((m) => m.text)).toEqual(['after a pause'])
  })
})

describe('Telegram channel, webhook', () => {
  const webhookSecret = 'webhook-secret_0123456789'

  async function webhook(api: FakeBotApi) {
    const host = arrayHost('telegram')
    let channel: Channel | undefined
    const served = await serveChannel(
      (url) => {
        channel = telegramChannel({
          token: api.token,
          apiRoot: api.apiRoot,
          mode: 'webhook',
          webhookSecret,
          webhookUrl: `${url}/webhook`,
        })
        return channel
      },
      host,
      'telegram',
    )
    cleanups.push(() => served.close())
    return { host, served, channel: channel! }
  }

  it('registers the webhook with its secret and receives the updates Telegram posts', async () => {
    const api = await fakeApi()
    const { host, served } = await webhook(api)
    expect(api.webhook).toEqual({ url: `${served.url}/webhook`, secretToken: webhookSecret })
    api.pushMessage({ chatId: 42, text: 'over the webhook' })
    expect(await api.waitForWebhookAnswers(1)).toEqual([200])
    expect(host.received).toMatchObject([{ chatId: '42', text: 'over the webhook' }])
    expect(api.calls).not.toContain('getUpdates')
  })

  it('answers 500 when the host could not record the message, so Telegram delivers it again', async () => {
    const api = await fakeApi()
    const { host } = await webhook(api)
    host.failNextReceives(1)
    api.pushMessage({ chatId: 42, text: 'retry me' })
    expect(await api.waitForWebhookAnswers(1)).toEqual([500])
    expect(host.received).toEqual([])
  })

  it('refuses deliveries without the secret token', async () => {
    const api = await fakeApi()
    const { host, served } = await webhook(api)
    const update = JSON.stringify({
      update_id: 1,
      message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: 'x' },
    })
    const post = (headers: Record<string, string>) =>
      fetch(`${served.url}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: update,
      })
    expect((await post({})).status).toBe(401)
    expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong' })).status).toBe(401)
    expect((await fetch(`${served.url}/webhook`)).status).toBe(405)
    expect((await post({ 'x-telegram-bot-api-secret-token': webhookSecret })).status).toBe(200)
    expect(host.received).toMatchObject([{ chatId: '1', text: 'x' }])
  })

  it('needs a secret token in webhook mode', () => {
    expect(() => telegramChannel({ token: 't', mode: 'webhook' })).toThrow(/needs a secret token/)
  })
})

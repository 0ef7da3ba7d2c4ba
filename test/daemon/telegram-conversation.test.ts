import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startFakeBotApi, type FakeBotApi } from '../../src/channels/telegram/__fixtures__/fake-bot-api.js'
import { telegramChannel } from '../../src/channels/telegram/telegram-channel.js'
import { daemonFixture, describeBackends } from './daemon-fixture.js'

let api: FakeBotApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

describeBackends('a conversation over Telegram (a local Bot API)', (queue) => {
  it('answers a chat with a tool call, asks for approval with a code and goes on when the code comes back', async () => {
    api = await startFakeBotApi()
    const bot = api
    const fx = await daemonFixture({
      queue: queue(),
      replies: [
        { text: 'Rolling.', calls: [{ id: 'call_d', name: 'dice_roll', args: '{"formula":"1d1+4"}' }] },
        { text: 'You rolled 5.' },
        {
          text: 'Writing.',
          calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"t.txt","content":"tg"}' }],
        },
        { text: 'Written.' },
      ],
      channels: () => [
        telegramChannel({ token: bot.token, apiRoot: bot.apiRoot, mode: 'polling', pollTimeoutSeconds: 1 }),
      ],
    })
    bot.pushMessage({ chatId: 4242, text: 'Roll 1d1+4' })
    const [reply] = await bot.waitForSent(1)
    expect(reply).toMatchObject({ chatId: '4242', text: 'You rolled 5.' })

    bot.pushMessage({ chatId: 4242, text: 'Write tg to t.txt' })
    const sent = await bot.waitForSent(2)
    const code = /\b(\d{6})\b/.exec(sent[1]?.text ?? '')?.[1]
    expect(sent[1]?.text).toContain('workspace_write_file')
    expect(code).toBeDefined()
    expect(existsSync(join(fx.projectDir, 't.txt'))).toBe(false)

    bot.pushMessage({ chatId: 4242, text: code ?? '' })
    const after = await bot.waitForSent(4)
    expect(after.slice(2).map((m) => m.text)).toEqual(['Approved: workspace_write_file. Going on.', 'Written.'])
    expect(readFileSync(join(fx.projectDir, 't.txt'), 'utf8')).toBe('tg')
    // The conversation is the chat's, and each inbound message was recorded once.
    const stored = fx.host
      .store()
      .database.prepare(
        "SELECT COUNT(*) AS n FROM conversation_messages WHERE conversation_id = 'telegram:4242' AND role IN ('user', 'code')",
      )
      .get()
    expect(stored?.n).toBe(3)
  })
})

import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { ApprovalPrompt, OutboundMessage } from '../channel.js'
import { arrayHost } from '../__fixtures__/array-host.js'
import { terminalChannel } from './terminal-channel.js'

function terminal() {
  const input = new PassThrough()
  const output = new PassThrough()
  let printed = ''
  output.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')))
  const host = arrayHost('terminal')
  const channel = terminalChannel({ input, output })
  return { input, host, channel, printed: () => printed }
}

const reply: OutboundMessage = {
  id: 'o1',
  conversationId: 'terminal:terminal',
  chatId: 'terminal',
  role: 'assistant',
  text: 'first line\nsecond line',
  address: {},
  correlationId: 'c',
}

describe('terminal channel', () => {
  it('hands each typed line to the host as a message of the terminal chat, skipping blank ones', async () => {
    const { input, host, channel } = terminal()
    await channel.start(host)
    input.write('hello\n\n   \nlist the files\r\n')
    const received = await host.waitForReceived(2)
    expect(received).toEqual([
      { chatId: 'terminal', text: 'hello', sender: { id: 'terminal' } },
      { chatId: 'terminal', text: 'list the files', sender: { id: 'terminal' } },
    ])
    await channel.stop()
  })

  it('stops reading at stop(); what is typed meanwhile is read at the next start', async () => {
    const { input, host, channel } = terminal()
    await channel.start(host)
    input.write('one\n')
    await host.waitForReceived(1)
    await channel.stop()
    expect(input.readableFlowing).toBe(false)
    expect(input.listenerCount('data')).toBe(0)
    input.write('two\n')
    await channel.start(host)
    input.write('three\n')
    const received = await host.waitForReceived(3)
    expect(received.map((m) => m.text)).toEqual(['one', 'two', 'three'])
    await channel.stop()
  })

  it('tells the person when a message could not be recorded', async () => {
    const { input, host, channel, printed } = terminal()
    await channel.start(host)
    host.failNextReceives(1)
    input.write('lost?\nkept\n')
    await host.waitForReceived(1)
    await channel.stop()
    expect(printed()).toMatch(/^\[notice\] Your message could not be recorded .*type it again\.$/m)
    expect(host.received.map((m) => m.text)).toEqual(['kept'])
  })

  it('prints replies and notices with a prefix, control characters made visible', async () => {
    const { channel, printed } = terminal()
    await channel.send(reply)
    await channel.send({ ...reply, role: 'notice', text: 'run stopped\u001b[2J' })
    expect(printed()).toBe('toolhost> first line\n          second line\n[notice] run stopped⟨U+001B⟩[2J\n')
  })

  it('prints approval requests with the code and how to answer', async () => {
    const { channel, printed } = terminal()
    const request: ApprovalPrompt = {
      ...reply,
      role: 'approval',
      text: 'system.shell wants to run: rm -rf build',
      approvalId: 'a1',
      code: '482913',
      tool: 'system.shell',
      inputText: '{"command":"rm -rf build"}',
      reason: 'writes files',
      expiresAt: new Date(2030, 0, 1, 14, 5).getTime(),
    }
    await channel.sendApprovalRequest(request)
    const text = printed()
    expect(text).toContain('approval needed · code 482913 · system.shell')
    expect(text).toContain('system.shell wants to run: rm -rf build')
    expect(text).toContain('Type 482913 to allow it, or deny 482913 [reason] to refuse (expires at 14:05).')
  })
})

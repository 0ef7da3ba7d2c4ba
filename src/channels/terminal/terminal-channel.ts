import { createInterface, type Interface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { makeVisible } from '../../text/make-visible.js'
import type { ApprovalPrompt, Channel, ChannelHost, OutboundMessage } from '../channel.js'

/** Options of {@link terminalChannel}. */
export interface TerminalChannelOptions {
  /** Where lines are read; `process.stdin` when omitted. */
  readonly input?: Readable
  /** Where replies are printed; `process.stdout` when omitted. */
  readonly output?: Writable
}

/** The one chat of the terminal channel. */
export const terminalChatId = 'terminal'

const prefixes = { assistant: 'toolhost> ', notice: '[notice] ' } as const

/**
 * The terminal channel (`toolhost serve --channel terminal`): each line typed is a message of the
 * one conversation, replies and notices are printed with a prefix, and approval requests are
 * printed with their code and how to answer. Printed text has its control characters made visible,
 * so a reply cannot move the cursor or rewrite what the terminal shows.
 */
export function terminalChannel(options: TerminalChannelOptions = {}): Channel {
  const output = options.output ?? process.stdout
  let reader: Interface | undefined
  // Lines are handed over one at a time, in the order typed.
  let queue: Promise<void> = Promise.resolve()

  const print = (text: string) =>
    new Promise<void>((resolve, reject) => output.write(text, (error) => (error ? reject(error) : resolve())))

  return {
    name: 'terminal',
    async start(host: ChannelHost) {
      if (reader !== undefined) return
      const input = options.input ?? process.stdin
      const current = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
      reader = current
      current.on('line', (line) => {
        if (line.trim() === '') return
        queue = queue.then(async () => {
          try {
            await host.receive({ chatId: terminalChatId, text: line, sender: { id: terminalChatId } })
          } catch (error) {
            host.log.error('terminal: could not record a message', { error: String(error) })
            await print(`${prefixes.notice}Your message could not be recorded (${String(error)}); type it again.\n`)
          }
        })
      })
      current.once('close', () => {
        // Closed by stop(), or the input ended (Ctrl-D, a closed pipe).
        if (reader !== current) return
        reader = undefined
        host.log.info('terminal: input closed; no more messages are read')
      })
    },
    async send(message: OutboundMessage) {
      await print(withPrefix(message.role === 'notice' ? prefixes.notice : prefixes.assistant, message.text))
    },
    async sendApprovalRequest(request: ApprovalPrompt) {
      const until = new Date(request.expiresAt)
      const time = `${pad(until.getHours())}:${pad(until.getMinutes())}`
      await print(
        [
          '',
          `── approval needed · code ${request.code} · ${makeVisible(request.tool)} ──`,
          makeVisible(request.text),
          `Type ${request.code} to allow it, or deny ${request.code} [reason] to refuse (expires at ${time}).`,
          '',
        ].join('\n') + '\n',
      )
    },
    async stop() {
      const current = reader
      reader = undefined
      current?.close()
      await queue
    },
  }
}

/** Prints `prefix` before the first line and indents the others to line up under it. */
function withPrefix(prefix: string, text: string): string {
  const indent = ' '.repeat(prefix.length)
  return `${makeVisible(text)
    .split('\n')
    .map((line, index) => (index === 0 ? prefix : indent) + line)
    .join('\n')}\n`
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

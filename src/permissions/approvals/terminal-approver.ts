import { once } from 'node:events'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import { fillText, loadText } from '../../text/model-text.js'
import type { ApprovalDecision, Approver } from './approval-request.js'

const prompt = loadText(import.meta.url, 'approval-prompt.txt')

/**
 * An approver that asks a person at a terminal: once, always, or deny with an optional message for
 * the model. Anything but a clear yes is a no.
 *
 * @example const approver = terminalApprover({ input: process.stdin, output: process.stderr })
 */
export function terminalApprover(streams: {
  readonly input: Readable
  readonly output: Writable
  readonly approver?: string
}): Approver {
  return async (request, signal) => {
    const rl = createInterface({ input: streams.input, terminal: false })
    // Lines are queued as they arrive, so answers typed ahead are not lost between questions.
    const lines: string[] = []
    let ended = false
    const arrived = new EventTarget()
    rl.on('line', (line) => {
      lines.push(line)
      arrived.dispatchEvent(new Event('change'))
    })
    // End of input before an answer is a no, never a hang.
    rl.on('close', () => {
      ended = true
      arrived.dispatchEvent(new Event('change'))
    })
    const ask = async (question: string): Promise<string> => {
      streams.output.write(question)
      while (lines.length === 0 && !ended) await once(arrived, 'change', { signal })
      return (lines.shift() ?? '').trim()
    }
    try {
      const text = fillText(prompt, {
        alias: request.alias,
        toolId: request.toolId,
        title: request.title === undefined ? '' : ` ${request.title}`,
        inputText: request.inputText,
        reason: request.reason,
        alwaysRule: request.alwaysRule,
        alwaysWhere:
          request.alwaysRulesFile === undefined ? 'for this invocation only' : `saved in ${request.alwaysRulesFile}`,
      })
      const answer = (await ask(`${text} `)).toLowerCase()
      const approver = streams.approver ?? 'terminal'
      if (answer === 'y' || answer === 'yes')
        return { behavior: 'allow', scope: 'once', approver } satisfies ApprovalDecision
      if (answer === 'a' || answer === 'always') return { behavior: 'allow', scope: 'always', approver }
      const message = await ask('Message for the model (optional): ')
      return message === '' ? { behavior: 'deny', approver } : { behavior: 'deny', message, approver }
    } finally {
      rl.close()
    }
  }
}

import { describe, expect, it } from 'vitest'
import type { ReceivedRequest, ScriptedReply } from '../model-server/scripted-model-server.js'
import { daemonFixture, type DaemonFixture } from './daemon-fixture.js'

interface WireMessage {
  readonly role: string
  readonly content: unknown
}

const wire = (request: ReceivedRequest): WireMessage[] => request.body.messages as WireMessage[]
const textOf = (message: WireMessage | undefined): string =>
  typeof message?.content === 'string' ? message.content : JSON.stringify(message?.content ?? '')

/** A request for the conversation summary (its instructions), not a run's turn. */
const isSummary = (request: ReceivedRequest): boolean =>
  textOf(wire(request)[0]).startsWith('You condense the earlier part of a chat')

/** The numbers of the `message N` texts a request carries. */
const numbers = (text: string): number[] => [...text.matchAll(/message (\d+)/g)].map((m) => Number(m[1]))

/** Runs answer `answer N` to `message N`; summaries name the last message they cover. */
function responder(summaries: () => ScriptedReply | undefined): (request: ReceivedRequest) => ScriptedReply {
  return (request) => {
    if (isSummary(request))
      return summaries() ?? { text: `summary through message ${Math.max(...numbers(textOf(wire(request)[1])))}` }
    const asked = numbers(textOf(wire(request).at(-1))).at(-1)
    return { text: `answer ${asked}` }
  }
}

/** Posts `message from` … `message to`, each after the previous one was answered. */
async function talk(fx: DaemonFixture, from: number, to: number): Promise<void> {
  for (let n = from; n <= to; n++) {
    expect((await fx.post('dana', `message ${n}`)).status).toBe(202)
    await fx.waitFor('dana', (m) => m.filter((x) => x.role === 'assistant').length === n)
  }
}

const runRequests = (fx: DaemonFixture): ReceivedRequest[] => fx.model.requests.filter((r) => !isSummary(r))
const summaryRequests = (fx: DaemonFixture): ReceivedRequest[] => fx.model.requests.filter(isSummary)

describe('the summary of a long conversation', () => {
  it('gives a run the summary of what fell out of the window and the last 20 messages, folding in each fall-out once', async () => {
    const fx = await daemonFixture({ respond: responder(() => undefined) })
    await talk(fx, 1, 26)
    const runs = runRequests(fx)
    expect(runs).toHaveLength(26)

    // Runs 1–11 see at most 20 earlier messages: no summary. From run 12 on, each run folds in the
    // one exchange that left the window since the last run, once, before the run's own turn.
    const summaries = summaryRequests(fx)
    expect(summaries).toHaveLength(15)
    expect(fx.model.requests.findIndex(isSummary)).toBe(11)
    summaries.forEach((request, i) => {
      const asked = textOf(wire(request)[1])
      const folded = asked.slice(asked.indexOf('Summarize the following messages'))
      expect(numbers(folded)).toEqual([i + 1])
      expect(folded).toContain(`[assistant `)
      expect(folded).toContain(`answer ${i + 1}`)
      // The earlier summary is updated, not made anew from all messages.
      if (i > 0) expect(asked).toContain(`summary through message ${i}`)
    })

    // The 26th run: its system prompt, the summary through message 15, then messages 16–25 with their answers.
    const last = wire(runs[25] as ReceivedRequest)
    expect(last[0]?.role).toBe('system')
    expect(textOf(last[1])).toContain('Summary of the earlier conversation')
    expect(textOf(last[1])).toContain('summary through message 15')
    const window = last.slice(2, -1)
    expect(window).toHaveLength(20)
    expect(window.map((m) => `${m.role}: ${numbers(textOf(m)).join('') || textOf(m)}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => [`user: ${16 + i}`, `assistant: answer ${16 + i}`]).flat(),
    )
    expect(textOf(last.at(-1))).toContain('message 26')
    expect(numbers(JSON.stringify(last.slice(2))).every((n) => n >= 16)).toBe(true)

    const stored = fx.host.store().database.prepare('SELECT summary, summary_seq FROM conversations').get()
    expect(stored?.summary).toBe('summary through message 15')
    expect(fx.records.filter((r) => r.level === 'warn')).toEqual([])
  }, 120_000)

  it('goes on with the recent messages when the summary turn fails, and folds the missed messages in later', async () => {
    let failing = true
    const fx = await daemonFixture({ respond: responder(() => (failing ? { status: 500 } : undefined)) })
    await talk(fx, 1, 12)
    // Run 12: the summary request failed after its retries (the first try and 3 more), the run answered.
    expect(summaryRequests(fx)).toHaveLength(4)
    const messages = await fx.messages('dana')
    expect(messages.at(-1)?.text).toBe('answer 12')
    const twelfth = wire(runRequests(fx)[11] as ReceivedRequest)
    expect(JSON.stringify(twelfth)).not.toContain('Summary of the earlier conversation')
    expect(twelfth.slice(1, -1)).toHaveLength(20)
    expect(textOf(twelfth[1])).toBe('message 2')
    const warned = fx.records.filter((r) => r.level === 'warn')
    expect(warned.map((r) => r.message)).toEqual([expect.stringContaining('summary was not updated')])
    expect(warned[0]?.fields.error).toMatch(/500|scripted status/)

    // Once the model answers again, the next summary takes in both exchanges that left the window.
    failing = false
    await talk(fx, 13, 13)
    const folded = textOf(wire(summaryRequests(fx)[4] as ReceivedRequest)[1])
    expect(numbers(folded)).toEqual([1, 2])
    const thirteenth = wire(runRequests(fx)[12] as ReceivedRequest)
    expect(textOf(thirteenth[1])).toContain('summary through message 2')
    expect(textOf(thirteenth[2])).toBe('message 3')
  }, 60_000)
})

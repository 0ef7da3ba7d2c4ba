import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { wireHistory } from '../model-server/wire-history.js'
import { agentFixture } from './agent-fixture.js'

const bypass = { permissions: { mode: 'bypass' } } as const
// Moving 5 MB through the provider package, the store and the files takes seconds on a busy machine.
const bigTestTimeout = 120_000
const isSummaryRequest = (request: { body: Record<string, unknown> }) => request.body.tools === undefined

/** Three turns that each read a file of ~5,000 characters, in a window that holds about two. */
async function threeReads(summaries: readonly { text: string }[]) {
  const fx = await agentFixture(
    'openai-chat',
    {
      main: [1, 2, 3]
        .map((n) => ({
          calls: [{ id: `call_${n}`, name: 'workspace_read_file', args: `{"file_path":"big-${n}.txt"}` }],
        }))
        .concat([{ text: 'Read them all.' } as never]),
      summary: summaries,
    },
    { script: { route: (request) => (isSummaryRequest(request) ? 'summary' : 'main') } },
  )
  for (const n of [1, 2, 3])
    writeFileSync(join(fx.projectDir, `big-${n}.txt`), `${`file ${n} `.repeat(10)}\n${'x'.repeat(70)}\n`.repeat(60))
  const result = await fx.run({
    prompt: 'Read the three files.',
    profile: { ...bypass, agent: { compactAt: 0.5, keepRecentTokens: 500 } },
    contextTokens: 6_000,
  })
  return { fx, result }
}

describe('compaction never makes things worse', () => {
  it(
    'shortens a turn too large to compact: the next request is small, with a file reference, a preview and the task',
    async () => {
      const content = `BEGIN-${'x'.repeat(5_000_000)}-END`
      const fx = await agentFixture('openai-chat', [
        {
          calls: [
            { id: 'call_big', name: 'workspace_write_file', args: JSON.stringify({ file_path: 'big.txt', content }) },
          ],
        },
        { text: 'Saved.' },
      ])
      const result = await fx.run({ prompt: 'Save the big file.', profile: bypass, contextTokens: 20_000 })
      expect(result).toMatchObject({ status: 'completed', text: 'Saved.' })
      expect(readFileSync(join(fx.projectDir, 'big.txt'), 'utf8')).toBe(content)
      expect(fx.server.requests).toHaveLength(2) // one turn cannot be summarized: no summary request
      const next = fx.server.requests[1]!
      expect(JSON.stringify(next.body).length).toBeLessThan(40_000)
      const history = wireHistory(next, 'openai-chat')
      expect(history.some((message) => message.role === 'user' && message.text === 'Save the big file.')).toBe(true)
      const call = history.flatMap((message) => message.calls ?? []).find((c) => c.id === 'call_big')
      const input = call?.input as { file_path: string; content: string }
      expect(input.file_path).toBe('big.txt')
      expect(input.content.startsWith('BEGIN-xxxx')).toBe(true)
      const path = /are in (tool-results\/\S+\.txt)\]$/.exec(input.content)?.[1]
      expect(path).toMatch(/^tool-results\/[^/]+\/context-\d+-call-1-arguments\.txt$/)
      // The file holds the call's arguments in full (long lines split for reading by ranges).
      const stored = readFileSync(join(fx.host.store().runDir(result.runId), path!), 'utf8').replaceAll('\n', '')
      expect(stored).toBe(JSON.stringify({ file_path: 'big.txt', content }))
      // The stored transcript keeps what the model sent.
      const transcript = fx.host.store().transcript(fx.host.store().invocationsOf(result.runId)[0]!.id)
      const assistant = transcript.find(({ entry }) => entry.kind === 'assistant')?.entry
      expect(assistant?.kind === 'assistant' && assistant.calls[0]?.rawArguments.length).toBeGreaterThan(5_000_000)
    },
    bigTestTimeout,
  )

  it(
    'shortens a 5 MB result the profile lets through inline',
    async () => {
      const fx = await agentFixture('openai-chat', [
        { calls: [{ id: 'call_dump', name: 'dump', args: '{}' }] },
        { text: 'Dumped.' },
      ])
      fx.host.extensions.register(
        {
          extensionId: 'dump',
          name: 'dump',
          description: 'Dump everything.',
          contexts: ['session'],
          inputSchema: { type: 'object' },
        },
        async () => `HEAD-${'r'.repeat(5_000_000)}`,
      )
      const result = await fx.run({
        prompt: 'Dump it.',
        profile: { ...bypass, tools: { allow: ['builtin:*', 'extension/dump:*'], inlineCharLimit: 10_000_000 } },
        contextTokens: 20_000,
      })
      expect(result).toMatchObject({ status: 'completed', text: 'Dumped.' })
      const next = fx.server.requests[1]!
      expect(JSON.stringify(next.body).length).toBeLessThan(40_000)
      const history = wireHistory(next, 'openai-chat')
      expect(history.some((message) => message.role === 'user' && message.text === 'Dump it.')).toBe(true)
      const content =
        history.flatMap((message) => message.results ?? []).find((r) => r.id === 'call_dump')?.content ?? ''
      expect(content).toContain('5,000,005 characters')
      expect(content).toContain('HEAD-rrrr')
      const path = /The full text is in (tool-results\/\S+\.txt)/.exec(content)?.[1]
      expect(readFileSync(join(fx.host.store().runDir(result.runId), path!), 'utf8').replaceAll('\n', '')).toBe(
        `HEAD-${'r'.repeat(5_000_000)}`,
      )
    },
    bigTestTimeout,
  )

  it("keeps the user's task in every prompt after compaction", async () => {
    const { fx, result } = await threeReads([
      { text: 'SUMMARY: read big-1.' },
      { text: 'SUMMARY: read big-1 and big-2.' },
    ])
    expect(result).toMatchObject({ status: 'completed', text: 'Read them all.' })
    expect(fx.host.store().runEvents(result.runId, { type: 'compacted' }).length).toBeGreaterThanOrEqual(1)
    const afterSummary = fx.server.requests.filter((request) => !isSummaryRequest(request)).at(-1)!
    const history = wireHistory(afterSummary, 'openai-chat')
    expect(history.map((m) => m.text ?? '').join('\n')).toContain('SUMMARY:')
    expect(history[1]).toMatchObject({ role: 'user', text: 'Read the three files.' })
    expect(history.flatMap((m) => m.results ?? []).map((r) => r.id)).not.toContain('call_1')
    // The summarizer is told the task (to keep what serves it) though the task is not summarized.
    for (const request of fx.server.requests.filter(isSummaryRequest))
      expect(wireHistory(request, 'openai-chat').at(-1)?.text).toMatch(
        /^The agent works on this task, .*Read the three files\./s,
      )
  })

  it('asks again for an empty summary and never stores one', async () => {
    const { fx, result } = await threeReads([
      { text: '' },
      { text: 'SUMMARY: read big-1.' },
      { text: 'SUMMARY: read big-1 and big-2.' },
    ])
    expect(result).toMatchObject({ status: 'completed', text: 'Read them all.' })
    const summaries = fx.host
      .store()
      .transcript(fx.host.store().invocationsOf(result.runId)[0]!.id)
      .flatMap(({ entry }) => (entry.kind === 'summary' ? [entry.text] : []))
    expect(summaries.length).toBeGreaterThanOrEqual(1)
    expect(summaries.every((text) => text.startsWith('SUMMARY:'))).toBe(true)
  })

  it('fails the run clearly when the summaries stay empty', async () => {
    const { fx, result } = await threeReads([{ text: '' }, { text: ' \n' }])
    expect(result.status).toBe('failed')
    expect(result.reason).toMatch(/compaction failed: the model returned an empty summary 2 times/)
    expect(fx.server.requests.filter(isSummaryRequest)).toHaveLength(2)
    expect(fx.host.store().getRun(result.runId)?.status).toBe('failed')
    const transcript = fx.host.store().transcript(fx.host.store().invocationsOf(result.runId)[0]!.id)
    expect(transcript.some(({ entry }) => entry.kind === 'summary')).toBe(false)
  })
})

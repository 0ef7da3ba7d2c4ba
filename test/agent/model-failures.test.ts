import { mkdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AgentEvent } from '../../src/agent/loop/agent-events.js'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { tempDir } from '../temp-dir.js'

/** How the loopback model server answers every request. */
type Behaviour = 'no-answer' | 'stalls-mid-stream' | 'malformed-chunk'

const chunk = (body: Record<string, unknown>) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', ...body })}\n\n`

const closing: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

async function modelServer(behaviour: Behaviour): Promise<{ baseUrl: string; requests: () => number }> {
  let requests = 0
  const server: Server = createServer((req, res) => {
    requests += 1
    req.resume()
    if (behaviour === 'no-answer') return
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    if (behaviour === 'stalls-mid-stream')
      res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: 'Hel' } }] }))
    else res.end(`${chunk({ choices: 'not a list' })}data: [DONE]\n\n`)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closing.push(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests: () => requests }
}

async function host(): Promise<ToolHost> {
  const root = tempDir('toolhost-model-failures-')
  mkdirSync(join(root, 'project'))
  const created = await createToolHost({
    dataDir: join(root, 'data'),
    workspaceDir: join(root, 'project'),
    inMemoryStore: false,
    watchProcessTools: false,
    processDirs: [],
  })
  closing.push(() => created.close())
  return created
}

async function runAgainst(behaviour: Behaviour) {
  const server = await modelServer(behaviour)
  const toolHost = await host()
  const events: AgentEvent[] = []
  const result = await runAgent({
    host: toolHost,
    model: resolveModel('openai-chat:gpt-4o', { baseUrl: server.baseUrl, apiKey: 'k' }),
    prompt: 'Hi.',
    profile: { agent: { streamIdleTimeoutSec: 0.2 } },
    sleep: async () => {},
    onEvent: (event) => events.push(event),
  })
  return { result, events, server, stored: toolHost.store().getRun(result.runId) }
}

describe('a model call that fails ends the run failed, in one line', () => {
  it.each([
    ['no-answer', 'after the request was sent'],
    ['stalls-mid-stream', 'in the middle of its answer'],
  ] as const)('a model server that %s: four tries, then failed with the timeout', async (behaviour, when) => {
    const { result, events, server, stored } = await runAgainst(behaviour)
    expect(result.status).toBe('failed')
    expect(result.reason).toBe(
      `no answer from ${server.baseUrl} for 0.2 s ${when}: is the server overloaded or stuck? (a slow model may need a larger agent.streamIdleTimeoutSec)`,
    )
    // Four tries are sent (the phases below count them where they are made); on a busy machine the
    // server may not have read a request before the client gives up on it (it waits 0.2 s).
    expect(server.requests()).toBeGreaterThan(0)
    expect(server.requests()).toBeLessThanOrEqual(4)
    expect(
      events
        .filter((event) => event.type === 'model-retry')
        .map((event) => event.type === 'model-retry' && event.attempt),
    ).toEqual([1, 2, 3])
    expect(stored?.status).toBe('failed')
    // Progress a terminal can show while it waits: each try is sent and ends.
    const phases = events.flatMap((event) => (event.type === 'model-call' ? [event.phase] : []))
    expect(phases.filter((phase) => phase === 'sent')).toHaveLength(4)
    expect(phases.at(-1)).toBe('ended')
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', status: 'failed', reason: result.reason })
  })

  it('a stream the provider package rejects (a malformed chunk) is not retried and fails the run', async () => {
    const { result, server, stored } = await runAgainst('malformed-chunk')
    expect(result.status).toBe('failed')
    expect(result.reason).toMatch(/^the model stream failed: /)
    expect(result.reason).not.toContain('\n')
    expect(result.reason.length).toBeLessThan(400)
    expect(server.requests()).toBe(1)
    expect(stored?.status).toBe('failed')
  })
})

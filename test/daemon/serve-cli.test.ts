import { mkdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newChannelSecret } from '../../src/channels/http/channel-secret.js'
import { tempDir } from '../temp-dir.js'
import { eventually, httpClient, startServe } from './serve-process.js'

describe('toolhost serve', () => {
  it('starts without a model, says how to set one, answers messages with it, and stops on SIGTERM with 0', async () => {
    const root = tempDir('toolhost-serve-')
    const dataDir = join(root, 'data')
    mkdirSync(join(root, 'project'), { recursive: true })
    const secret = newChannelSecret()
    // OLLAMA_HOST points at a closed loopback port, so no local Ollama is found.
    const serve = await startServe(join(root, 'project'), ['--data-dir', dataDir], {
      TOOLHOST_HTTP_CHANNEL_SECRET: secret,
      OLLAMA_HOST: 'http://127.0.0.1:9',
    })
    expect(serve.stderr()).toContain('No model is configured')
    expect(serve.stderr()).toContain('--model provider:model')
    const token = readFileSync(join(dataDir, 'serve-token'), 'utf8').trim()
    expect((await fetch(`${serve.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    expect((await fetch(`${serve.url}/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
    // A page elsewhere cannot reach it through DNS rebinding: a foreign Host is refused.
    expect(await statusWithHost(`${serve.url}/metrics`, 'evil.example', token)).toBe(403)

    const client = httpClient(serve.url, secret)
    expect((await client.post('me', 'Hello')).status).toBe(202)
    const messages = await eventually(
      () => client.messages('me'),
      (m) => m.some((x) => x.role === 'notice'),
      60_000,
      'the notice',
    )
    expect(messages.at(-1)?.text).toMatch(/No model is configured: start the daemon with --model provider:model/)
    serve.child.kill('SIGTERM')
    expect(await serve.exited).toEqual({ code: 0, signal: null })
    expect(serve.stderr()).toContain('daemon stopped')
    // The JSON log has the same records, with the message's correlation id.
    const log = readFileSync(join(dataDir, 'logs', 'daemon.log'), 'utf8')
    const received = log
      .split('\n')
      .filter((line) => line.includes('message received'))
      .map((line) => JSON.parse(line) as { correlationId?: string })
    expect(received[0]?.correlationId).toMatch(/^cor_/)
  })

  it('refuses bad options with what to write instead', async () => {
    const root = tempDir('toolhost-serve-')
    await expect(startServe(root, ['--reply', 'loud'], {})).rejects.toThrow(/--reply takes final-text/)
    await expect(startServe(root, ['--channel', 'fax'], {})).rejects.toThrow(/unknown channel "fax"/)
  })
})

/** The status of a GET sent with a Host header of one's choosing (fetch does not let one set it). */
function statusWithHost(url: string, host: string, token: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      res.resume()
      resolve(res.statusCode)
    })
    req.on('error', reject)
    req.end()
  })
}

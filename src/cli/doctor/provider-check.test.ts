import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { closedPort } from '../../../test/closed-port.js'
import { portAnswers, providerCheck } from './provider-check.js'

let server: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
  server = undefined
})

async function listening(): Promise<number> {
  server = createServer((socket) => socket.end())
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

describe('providerCheck', () => {
  it('finds a local model server answering on its loopback port', async () => {
    const port = await listening()
    const closed = await closedPort()
    expect(await portAnswers('127.0.0.1', port)).toBe(true)
    expect(await portAnswers('127.0.0.1', closed)).toBe(false)
    const check = await providerCheck(
      {
        OLLAMA_BASE_URL: `http://127.0.0.1:${port}/v1`,
        VLLM_BASE_URL: `http://127.0.0.1:${closed}/v1`,
        LMSTUDIO_BASE_URL: `http://localhost:${closed}/v1`,
      },
      'ollama:llama3.1:8b',
    )
    expect(check).toEqual({
      name: 'providers',
      status: 'ok',
      detail: `keys set: none; local servers answering: ollama (127.0.0.1:${port}); not answering: vllm (127.0.0.1:${closed}), lmstudio (localhost:${closed})`,
    })
  })

  it("warns when the profile's local model is not running, and does not probe a server elsewhere", async () => {
    const closed = await closedPort()
    const check = await providerCheck(
      {
        OPENAI_API_KEY: 'set',
        OLLAMA_BASE_URL: 'http://gpu-box.example:11434/v1',
        VLLM_BASE_URL: `http://127.0.0.1:${closed}/v1`,
        LMSTUDIO_BASE_URL: `http://127.0.0.1:${closed}/v1`,
      },
      'vllm:qwen',
    )
    expect(check.status).toBe('warn')
    expect(check.detail).toMatch(
      new RegExp(
        `^the profile's model vllm:qwen needs vllm running at 127\\.0\\.0\\.1:${closed}; keys set: OPENAI_API_KEY;`,
      ),
    )
    expect(check.detail).toContain('ollama at gpu-box.example:11434 (not probed)')
    expect((await providerCheck({ OPENAI_API_KEY: 'set' }, 'nobody:model')).detail).toMatch(
      /^the profile's model "nobody:model" names no known provider/,
    )
  })
})

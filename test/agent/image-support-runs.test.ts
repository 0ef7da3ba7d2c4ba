import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { runAgent } from '../../src/agent/loop/run-agent.js'
import { resolveModel } from '../../src/agent/providers/index.js'
import { wireHistory } from '../model-server/wire-history.js'
import { agentFixture } from './agent-fixture.js'

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00ff00' } })
  .png()
  .toBuffer()

/** A run over Chat Completions where an extension tool that does not declare images returns one. */
async function cameraRun(model: string) {
  const fx = await agentFixture('openai-chat', [
    { calls: [{ id: 'call_img', name: 'camera', args: '{}' }] },
    { text: 'Done.' },
  ])
  fx.host.extensions.register(
    {
      extensionId: 'cam',
      name: 'camera',
      description: 'Take a picture.',
      contexts: ['session'],
      inputSchema: { type: 'object' },
    },
    async (_args, ctx) => {
      ctx.attachImage(png, 'image/png')
      return 'Picture taken.'
    },
  )
  const result = await runAgent({
    host: fx.host,
    model: resolveModel(model, { baseUrl: fx.server.baseUrl, apiKey: 'test-key' }),
    prompt: 'What do you see?',
    profile: { permissions: { mode: 'bypass' }, tools: { allow: ['builtin:*', 'extension/cam:*'] } },
    sleep: async () => {},
  })
  expect(result.status).toBe('completed')
  expect(fx.server.requests).toHaveLength(2)
  return { fx, result, request: fx.server.requests[1]! }
}

describe("tool images and the model's image support", () => {
  it('sends a model without image support a note with the stored path instead of the image', async () => {
    const { fx, result, request } = await cameraRun('deepseek:deepseek-chat')
    expect(JSON.stringify(request.body)).not.toContain('image_url')
    const history = wireHistory(request, 'openai-chat')
    expect(history.some((message) => message.images !== undefined)).toBe(false)
    const content = history.flatMap((message) => message.results ?? []).find((r) => r.id === 'call_img')?.content ?? ''
    expect(content).toContain('Picture taken.')
    expect(content).toContain('image left out')
    const path = /stored at (tool-results\/\S+\.png)/.exec(content)?.[1]
    expect(path).toBeDefined()
    expect(existsSync(join(fx.host.store().runDir(result.runId), path!))).toBe(true)
  })

  it('still sends the image to a model that reads images', async () => {
    const { request } = await cameraRun('openai-chat:gpt-4o')
    expect(JSON.stringify(request.body)).toContain('image_url')
    const history = wireHistory(request, 'openai-chat')
    expect(history.filter((message) => message.images !== undefined)).toHaveLength(1)
    const content = history.flatMap((message) => message.results ?? []).find((r) => r.id === 'call_img')?.content ?? ''
    expect(content).not.toContain('image left out')
  })
})

import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { daemonFixture, describeBackends, said, type DaemonFixture, type ListedMessage } from './daemon-fixture.js'

const examples = join(import.meta.dirname, '..', '..', 'examples', 'process-tools')

let weatherServer: Server | undefined
afterEach(async () => {
  weatherServer?.closeAllConnections()
  await new Promise<void>((resolve) => (weatherServer === undefined ? resolve() : weatherServer.close(() => resolve())))
  weatherServer = undefined
})

/** A weather service on loopback, counting the requests it answers. */
async function startWeather(): Promise<{ url: string; hits: () => number }> {
  let hits = 0
  weatherServer = createServer((req, res) => {
    hits += 1
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ temperature: 21, summary: 'sunny', path: req.url }))
  })
  await new Promise<void>((resolve) => weatherServer?.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(weatherServer.address() as AddressInfo).port}`, hits: () => hits }
}

/** The example weather tool pointed at `api`, with the given risk. */
function weatherSpecs(api: string, risk: 'low' | 'high'): string {
  const dir = tempDir('toolhost-weather-')
  mkdirSync(dir, { recursive: true })
  copyFileSync(join(examples, 'weather.sh'), join(dir, 'weather.sh'))
  const spec = readFileSync(join(examples, 'weather.yaml'), 'utf8')
    .replace('https://api.open-meteo.example', api)
    .replace(/^risk: low.*$/m, `risk: ${risk}`)
  writeFileSync(join(dir, 'weather.yaml'), spec)
  return dir
}

async function codeIn(fx: DaemonFixture, conversation: string, nth: number): Promise<string> {
  const messages = await fx.waitFor(conversation, (m) => m.filter((x) => x.role === 'approval').length >= nth)
  const prompt = messages.filter((m) => m.role === 'approval')[nth - 1] as ListedMessage
  return /\b(\d{6})\b/.exec(prompt.text)?.[1] ?? ''
}

describeBackends('process tools in daemon conversations', (queue) => {
  it('an iAs-style conversation: query_capabilities, call_capability, a process tool with an HTTP request, a reply', async () => {
    const weather = await startWeather()
    const fx = await daemonFixture({
      queue: queue(),
      processDirs: [weatherSpecs(weather.url, 'low')],
      profile: {
        tools: { allow: ['process/*'], deferred: ['process/*'], metaTools: 'ias' },
        permissions: { allow: ['process/*'] },
        network: { allowPrivateHosts: ['127.0.0.1'] },
      },
      replies: [
        { text: 'Looking.', calls: [{ id: 'call_q', name: 'query_capabilities', args: '' }] },
        {
          text: 'Calling.',
          calls: [
            {
              id: 'call_c',
              name: 'call_capability',
              args: JSON.stringify({ name: 'weather_now', prompt: JSON.stringify({ city: 'Berlin' }) }),
            },
          ],
        },
        { text: 'Berlin: 21 °C and sunny.' },
      ],
    })
    await fx.post('judy', 'Weather in Berlin?')
    const messages = await fx.waitFor('judy', (m) => m.some((x) => x.role === 'assistant'))
    expect(said(messages)).toEqual(['user: Weather in Berlin?', 'assistant: Berlin: 21 °C and sunny.'])
    expect(weather.hits()).toBe(1)
    const offered = (fx.model.requests[0]?.body.tools as { function: { name: string } }[]).map((t) => t.function.name)
    expect(offered).toEqual(expect.arrayContaining(['query_capabilities', 'call_capability']))
    expect(offered).not.toContain('weather_now')
    const listed = JSON.stringify(fx.model.requests[1]?.body.messages)
    expect(listed).toContain('weather_now')
    expect(JSON.stringify(fx.model.requests[2]?.body.messages)).toContain('Berlin: 21')
  })

  it('a high-risk tool asks before the call and again during it, each by its own code', async () => {
    const weather = await startWeather()
    const fx = await daemonFixture({
      queue: queue(),
      processDirs: [weatherSpecs(weather.url, 'high')],
      profile: {
        tools: { allow: ['builtin:*', 'process/*'] },
        network: { allowPrivateHosts: ['127.0.0.1'] },
      },
      replies: [
        { text: 'Checking.', calls: [{ id: 'call_w', name: 'weather_now', args: '{"city":"Oslo"}' }] },
        { text: 'Oslo: 21 °C.' },
      ],
    })
    await fx.post('ken', 'Weather in Oslo?')
    const before = await codeIn(fx, 'ken', 1)
    expect(weather.hits()).toBe(0)
    await fx.post('ken', before)
    // The call runs and asks again before its HTTP request; the request waits for the answer.
    const during = await codeIn(fx, 'ken', 2)
    const prompts = (await fx.messages('ken')).filter((m) => m.role === 'approval')
    expect(prompts[1]?.text).toContain('weather_now')
    expect(prompts[1]?.text).toContain('/current?city=Oslo')
    expect(weather.hits()).toBe(0)
    await fx.post('ken', during)
    const messages = await fx.waitFor('ken', (m) => m.some((x) => x.role === 'assistant'))
    expect(messages.at(-1)?.text).toBe('Oslo: 21 °C.')
    expect(weather.hits()).toBe(1)
    expect(JSON.stringify(fx.model.requests[1]?.body.messages)).toContain('Oslo: 21 °C, sunny')
  })
})

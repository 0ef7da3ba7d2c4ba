import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseDocument } from 'yaml'
import { openStore } from '../store/store.js'
import { startPageServer, type PageServer } from '../tools/web/__fixtures__/page-server.js'
import { callTool, loopbackProfile, processCallContext, specDir, toolById } from './__fixtures__/process-fixtures.js'
import { loadProcessTools } from './load-process-tools.js'

// The examples users copy, run as real processes: weather.sh (sh + jq) and notes.mjs (node).
const examples = fileURLToPath(new URL('../../examples/process-tools/', import.meta.url))

let server: PageServer
beforeAll(async () => {
  server = await startPageServer({
    '/current': (request, response) => {
      const city = new URL(request.url ?? '/', 'http://x').searchParams.get('city')
      if (city === 'Atlantis') return void response.writeHead(404, { 'content-type': 'text/plain' }).end('no such city')
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ temperature: 21.5, summary: `sunny in ${city}` }))
    },
  })
})
afterAll(() => server.close())

const weatherEnv = () => ({ ...process.env, WEATHER_API: server.url('') })

/** The weather example with its spec changed by `edit`, still running the example's weather.sh. */
async function editedWeather(edit: (spec: ReturnType<typeof parseDocument>) => void) {
  const dir = await specDir()
  const spec = parseDocument(await readFile(`${examples}weather.yaml`, 'utf8'))
  spec.set('command', `${examples}weather.sh`)
  edit(spec)
  await dir.file('weather.yaml', spec.toString())
  const { tools, diagnostics } = await loadProcessTools([dir.path], { hostEnv: weatherEnv() })
  expect(diagnostics).toEqual([])
  return toolById(tools, 'process/weather:weather_now')
}

describe('the weather example', () => {
  it('asks the host for HTTP in round 1 and formats the response in round 2', async () => {
    const { tools, diagnostics } = await loadProcessTools([examples], { hostEnv: weatherEnv() })
    expect(diagnostics).toEqual([])
    const requestApproval = vi.fn(async () => false)
    const ctx = processCallContext({ profile: loopbackProfile, requestApproval })
    const before = server.requests.length
    const output = await callTool(toolById(tools, 'process/weather:weather_now'), { city: 'São Paulo' }, ctx)
    expect(output).toEqual({
      content: 'São Paulo: 21.5 °C, sunny in São Paulo',
      structured: { city: 'São Paulo', temperature: 21.5, summary: 'sunny in São Paulo' },
    })
    // Inside the allow-list (which follows WEATHER_API) and low risk: no approval asked.
    expect(requestApproval).not.toHaveBeenCalled()
    expect(server.requests.slice(before).map((r) => r.path)).toEqual(['/current?city=S%C3%A3o%20Paulo'])
  })

  it('reports the service’s error status as the tool’s own error', async () => {
    const { tools } = await loadProcessTools([examples], { hostEnv: weatherEnv() })
    const call = callTool(
      toolById(tools, 'process/weather:weather_now'),
      { city: 'Atlantis' },
      processCallContext({ profile: loopbackProfile }),
    )
    await expect(call).rejects.toMatchObject({
      code: 'process.tool_error',
      message: 'The weather service answered HTTP 404 for Atlantis.',
    })
  })

  it('sends a request outside the allow-list once it is approved', async () => {
    const tool = await editedWeather((spec) => spec.delete('http'))
    const requestApproval = vi.fn(async () => true)
    const output = await callTool(
      tool,
      { city: 'Berlin' },
      processCallContext({ profile: loopbackProfile, requestApproval }),
    )
    expect(output.content).toBe('Berlin: 21.5 °C, sunny in Berlin')
    const url = server.url('/current?city=Berlin')
    expect(requestApproval).toHaveBeenCalledExactlyOnceWith({
      reason: `process/weather:weather_now asks the host to send GET ${url}, which is outside the URL prefixes its spec allows.`,
      detail: { method: 'GET', url, description: 'Current weather for Berlin' },
    })
  })

  it('refuses a request outside the allow-list that is denied, without sending it', async () => {
    const tool = await editedWeather((spec) => spec.delete('http'))
    const connections = server.connections()
    const call = callTool(
      tool,
      { city: 'Berlin' },
      processCallContext({ profile: loopbackProfile, requestApproval: async () => false }),
    )
    await expect(call).rejects.toMatchObject({
      code: 'process.http_denied',
      message: `This tool wanted to send GET ${server.url('/current?city=Berlin')}, and the request was not approved. Continue without it.`,
    })
    expect(server.connections()).toBe(connections)
  })

  it('asks before every request of a high-risk tool, even inside the allow-list', async () => {
    const tool = await editedWeather((spec) => spec.set('risk', 'high'))
    const requestApproval = vi.fn(async () => true)
    await callTool(tool, { city: 'Oslo' }, processCallContext({ profile: loopbackProfile, requestApproval }))
    expect(requestApproval).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ reason: expect.stringContaining('is marked high risk and asks the host to send GET') }),
    )
  })

  it('never reaches a refused address, allowed or approved', async () => {
    const metadata = { ...process.env, WEATHER_API: 'http://169.254.169.254' }
    const { tools } = await loadProcessTools([examples], { hostEnv: metadata })
    const call = callTool(
      toolById(tools, 'process/weather:weather_now'),
      { city: 'Berlin' },
      processCallContext({ profile: loopbackProfile }),
    )
    await expect(call).rejects.toMatchObject({
      code: 'process.http_refused',
      message:
        'This tool wanted to send GET http://169.254.169.254/current?city=Berlin, which the host refuses: 169.254.169.254 leads to 169.254.169.254, a metadata address tools may not reach.',
    })

    // Loopback without profile.network.allowPrivateHosts: refused before any connection, though approved.
    const tool = await editedWeather((spec) => spec.delete('http'))
    const connections = server.connections()
    const approved = callTool(tool, { city: 'Berlin' }, processCallContext({ requestApproval: async () => true }))
    await expect(approved).rejects.toMatchObject({
      code: 'process.http_refused',
      details: { net: { code: 'address_refused' } },
    })
    expect(server.connections()).toBe(connections)
  })
})

describe('the notes example', () => {
  it('writes a memory with tags and finds it again through db operations', async () => {
    const { tools, diagnostics } = await loadProcessTools([examples])
    expect(diagnostics).toEqual([])
    const store = openStore(tmpdir(), { inMemory: true })
    const memory = store.memories('user:ada')
    const ctx = processCallContext({ memory })
    const added = await callTool(
      toolById(tools, 'process/notes:add'),
      { text: 'buy oat milk', tags: ['shopping'] },
      ctx,
    )
    const [note, ...others] = memory.read()
    expect(others).toEqual([])
    expect(note).toMatchObject({ owner: 'user:ada', text: 'buy oat milk', tags: ['note', 'shopping'] })
    expect(added).toEqual({ content: `Noted (${note?.id}).`, structured: { id: note?.id } })
    memory.write({ text: 'milk is not a note', tags: ['other'] })

    const found = await callTool(toolById(tools, 'process/notes:find'), { query: 'milk' }, ctx)
    expect(found).toEqual({ content: '- buy oat milk [shopping]', structured: { ids: [note?.id] } })
    const none = await callTool(toolById(tools, 'process/notes:find'), { query: 'bread' }, ctx)
    expect(none.content).toBe('No note matches "bread".')
    store.close()
  })

  it('turns a write the store refuses into process.db_failed', async () => {
    const { tools } = await loadProcessTools([examples])
    const call = callTool(toolById(tools, 'process/notes:add'), { text: '   ' }, processCallContext())
    await expect(call).rejects.toMatchObject({
      code: 'process.db_failed',
      message: 'The memory operation "write" of this tool failed: a memory needs some text.',
    })
  })
})

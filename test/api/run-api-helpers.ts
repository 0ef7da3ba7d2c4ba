import type { ApiFixture } from './api-fixture.js'

/** A scripted model turn that writes a.txt: the default profile asks a person first. */
export const writeCall = {
  text: 'Writing.',
  calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"hello"}' }],
}

/** Says something in an HTTP channel conversation, as a chat app would. */
export async function postToChannel(fx: ApiFixture, conversation: string, text: string): Promise<void> {
  const response = await fetch(`${fx.url}/channels/http/messages`, {
    method: 'POST',
    headers: { authorization: 'Bearer channel-secret-of-the-api-fixture-32+', 'content-type': 'application/json' },
    body: JSON.stringify({ conversation, text }),
  })
  if (!response.ok) throw new Error(`the channel refused the message: ${response.status} ${await response.text()}`)
}

/** A GET of the API as JSON; fails on anything but 200. */
export async function getJson<T>(fx: ApiFixture, path: string): Promise<T> {
  const response = await fx.api(path)
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Asks again until `probe` gives something (up to 30 s, which only a broken run reaches). */
export async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** One server-sent event. */
export interface SseEvent {
  readonly id?: string
  readonly event?: string
  readonly data: string
}

/**
 * Reads server-sent events from a response until `stop` says so (or the stream ends), and gives
 * the rest of the stream to a later call through the returned reader.
 */
export function sseReader(response: Response): {
  next(stop: (event: SseEvent) => boolean): Promise<SseEvent[]>
  cancel(): Promise<void>
} {
  const body = response.body
  if (body === null) throw new Error('no body')
  const reader = body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    async next(stop) {
      const seen: SseEvent[] = []
      for (;;) {
        let at = buffer.indexOf('\n\n')
        while (at >= 0) {
          const block = buffer.slice(0, at)
          buffer = buffer.slice(at + 2)
          const event = parseBlock(block)
          if (event !== undefined) {
            seen.push(event)
            if (stop(event)) return seen
          }
          at = buffer.indexOf('\n\n')
        }
        const { value, done } = await reader.read()
        if (done) return seen
        buffer += value
      }
    },
    cancel: () => reader.cancel(),
  }
}

function parseBlock(block: string): SseEvent | undefined {
  const fields: Record<string, string> = {}
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue
    const colon = line.indexOf(':')
    const name = line.slice(0, colon)
    const value = line.slice(colon + 1).replace(/^ /, '')
    fields[name] = name === 'data' && fields.data !== undefined ? `${fields.data}\n${value}` : value
  }
  if (fields.data === undefined) return undefined
  return {
    data: fields.data,
    ...(fields.id !== undefined && { id: fields.id }),
    ...(fields.event !== undefined && { event: fields.event }),
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A tool call a scripted model turn makes: `args` is the wire text sent as is. */
export interface ScriptedCall {
  readonly id: string
  readonly name: string
  readonly args: string
}

/** One scripted model response. */
export type ScriptedReply =
  | { readonly text?: string; readonly reasoning?: string; readonly calls?: readonly ScriptedCall[] }
  /** Answer with an HTTP error status (e.g. 500 to test retries). */
  | { readonly status: number; readonly body?: string }
  /** Never answer (the client waits until it is killed or aborts). */
  | { readonly hang: true }
  /** Send these server-sent-event blocks as they are (a recorded stream). */
  | { readonly raw: readonly string[] }

/** A request the server received: path and JSON body. */
export interface ReceivedRequest {
  readonly path: string
  readonly body: Record<string, unknown>
  readonly headers: Record<string, string | string[] | undefined>
}

/** Options of {@link ScriptedModelServer.start}. */
export interface ScriptOptions {
  /**
   * Picks the lane (a named queue of replies) for a request, for runs whose agents call the model
   * concurrently (a delegated child beside its parent). Default: one lane, `main`.
   */
  readonly route?: (request: ReceivedRequest) => string
  /** The input tokens to report for a request; default its messages at 4 characters a token. */
  readonly inputTokens?: (request: ReceivedRequest) => number
  /**
   * Answers a request from its content once its lane has no scripted reply left (many
   * conversations at once, each told apart by what it sent).
   */
  readonly respond?: (request: ReceivedRequest) => ScriptedReply | undefined
}

/** Which wire format to speak. */
export type WireFormat = 'openai-chat' | 'anthropic'

/**
 * A local model server speaking the OpenAI Chat Completions or Anthropic Messages streaming wire
 * format, answering each request with the next scripted reply and recording every request, so
 * tests can assert on the exact history the real provider package sent.
 */
export class ScriptedModelServer {
  readonly requests: ReceivedRequest[] = []
  readonly #format: WireFormat
  readonly #lanes: Map<string, ScriptedReply[]>
  readonly #route: (request: ReceivedRequest) => string
  readonly #inputTokens: (request: ReceivedRequest) => number
  readonly #respond: ((request: ReceivedRequest) => ScriptedReply | undefined) | undefined
  readonly #server: Server
  readonly #open = new Set<ServerResponse>()

  private constructor(
    format: WireFormat,
    replies: readonly ScriptedReply[] | Readonly<Record<string, readonly ScriptedReply[]>>,
    options: ScriptOptions,
  ) {
    this.#format = format
    this.#lanes = new Map(
      Array.isArray(replies)
        ? [['main', [...replies]]]
        : Object.entries(replies).map(([lane, list]) => [lane, [...list]]),
    )
    this.#route = options.route ?? (() => 'main')
    this.#inputTokens =
      options.inputTokens ?? ((request) => Math.ceil(JSON.stringify(request.body.messages ?? []).length / 4))
    this.#respond = options.respond
    this.#server = createServer((req, res) => void this.#handle(req, res))
  }

  /** Starts a server on 127.0.0.1 with a random port. */
  static async start(
    format: WireFormat,
    replies: readonly ScriptedReply[] | Readonly<Record<string, readonly ScriptedReply[]>>,
    options: ScriptOptions = {},
  ): Promise<ScriptedModelServer> {
    const server = new ScriptedModelServer(format, replies, options)
    await new Promise<void>((resolve) => server.#server.listen(0, '127.0.0.1', resolve))
    return server
  }

  /** The base URL to give the provider package (`…/v1`). */
  get baseUrl(): string {
    const { port } = this.#server.address() as AddressInfo
    return `http://127.0.0.1:${port}/v1`
  }

  /** Adds replies to the end of a lane's script. */
  push(lane: string, ...replies: ScriptedReply[]): void {
    const list = this.#lanes.get(lane) ?? []
    list.push(...replies)
    this.#lanes.set(lane, list)
  }

  /** Replies not yet used, in all lanes. */
  get remaining(): number {
    return [...this.#lanes.values()].reduce((sum, list) => sum + list.length, 0)
  }

  async close(): Promise<void> {
    for (const res of this.#open) res.destroy()
    this.#server.closeAllConnections()
    await new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const request: ReceivedRequest = {
      path: req.url ?? '',
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      headers: req.headers,
    }
    this.requests.push(request)
    const reply = this.#lanes.get(this.#route(request))?.shift() ?? this.#respond?.(request)
    if (reply === undefined) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'the script has no more replies', type: 'server_error' } }))
      return
    }
    if ('hang' in reply) {
      this.#open.add(res)
      res.on('close', () => this.#open.delete(res))
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      return
    }
    if ('raw' in reply) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      for (const block of reply.raw) res.write(block)
      res.end()
      return
    }
    if ('status' in reply) {
      res
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(
          reply.body ?? JSON.stringify({ error: { message: `scripted status ${reply.status}`, type: 'server_error' } }),
        )
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const inputTokens = this.#inputTokens(request)
    const events =
      this.#format === 'openai-chat' ? openAiChatEvents(reply, inputTokens) : anthropicEvents(reply, inputTokens)
    for (const event of events) res.write(event)
    res.end()
  }
}

type TurnReply = Exclude<ScriptedReply, { status: number } | { hang: true } | { raw: readonly string[] }>

function openAiChatEvents(reply: TurnReply, inputTokens: number): string[] {
  const base = { id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'scripted' }
  const data = (choice: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, ...choice }], ...extra })}\n\n`
  const out = [data({ delta: { role: 'assistant', content: '' }, finish_reason: null })]
  if (reply.reasoning !== undefined)
    out.push(data({ delta: { reasoning_content: reply.reasoning }, finish_reason: null }))
  if (reply.text !== undefined && reply.text !== '')
    out.push(data({ delta: { content: reply.text }, finish_reason: null }))
  ;(reply.calls ?? []).forEach((call, index) => {
    const half = Math.ceil(call.args.length / 2)
    out.push(
      data({
        delta: {
          tool_calls: [
            {
              index,
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: call.args.slice(0, half) },
            },
          ],
        },
        finish_reason: null,
      }),
    )
    out.push(
      data({ delta: { tool_calls: [{ index, function: { arguments: call.args.slice(half) } }] }, finish_reason: null }),
    )
  })
  const finish = (reply.calls ?? []).length > 0 ? 'tool_calls' : 'stop'
  out.push(
    data(
      { delta: {}, finish_reason: finish },
      { usage: { prompt_tokens: inputTokens, completion_tokens: 5, total_tokens: inputTokens + 5 } },
    ),
  )
  out.push('data: [DONE]\n\n')
  return out
}

function anthropicEvents(reply: TurnReply, inputTokens: number): string[] {
  const event = (name: string, payload: Record<string, unknown>) =>
    `event: ${name}\ndata: ${JSON.stringify({ type: name, ...payload })}\n\n`
  const out = [
    event('message_start', {
      message: {
        id: 'msg_scripted',
        type: 'message',
        role: 'assistant',
        model: 'scripted',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    }),
  ]
  let index = 0
  if (reply.reasoning !== undefined) {
    out.push(event('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }))
    out.push(event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: reply.reasoning } }))
    out.push(event('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'sig' } }))
    out.push(event('content_block_stop', { index }))
    index += 1
  }
  if (reply.text !== undefined && reply.text !== '') {
    out.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }))
    out.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: reply.text } }))
    out.push(event('content_block_stop', { index }))
    index += 1
  }
  for (const call of reply.calls ?? []) {
    out.push(
      event('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
      }),
    )
    const half = Math.ceil(call.args.length / 2)
    out.push(
      event('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: call.args.slice(0, half) },
      }),
    )
    out.push(
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: call.args.slice(half) } }),
    )
    out.push(event('content_block_stop', { index }))
    index += 1
  }
  const stop = (reply.calls ?? []).length > 0 ? 'tool_use' : 'end_turn'
  out.push(event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }))
  out.push(event('message_stop', {}))
  return out
}

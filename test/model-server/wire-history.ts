import type { ReceivedRequest, WireFormat } from './scripted-model-server.js'

/** A message of a request's history, in a form both wire formats map onto. */
export interface WireMessage {
  readonly role: 'system' | 'user' | 'assistant' | 'tool'
  readonly text?: string
  readonly calls?: readonly { readonly id: string; readonly name: string; readonly input: unknown }[]
  readonly results?: readonly { readonly id: string; readonly content: string; readonly isError?: boolean }[]
  readonly images?: number
}

type Json = Record<string, unknown>
const asArray = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : [])
const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : asArray(content)
        .filter((part) => part.type === 'text')
        .map((part) => String(part.text))
        .join('')

/**
 * The history a request carried, message by message: system text, user text, assistant text and
 * calls (with the arguments object the provider package sent), tool results. OpenAI Chat sends
 * arguments as JSON text; they are parsed here so both formats compare alike.
 */
export function wireHistory(request: ReceivedRequest, format: WireFormat): WireMessage[] {
  const body = request.body
  if (format === 'openai-chat') {
    return asArray(body.messages).map((message): WireMessage => {
      const role = message.role as WireMessage['role']
      if (role === 'tool')
        return { role, results: [toolMessageResult(String(message.tool_call_id), textOf(message.content))] }
      const calls = asArray(message.tool_calls).map((call) => {
        const fn = call.function as Json
        return { id: String(call.id), name: String(fn.name), input: JSON.parse(String(fn.arguments)) as unknown }
      })
      const images = asArray(message.content).filter((part) => part.type === 'image_url').length
      return { role, text: textOf(message.content), ...(calls.length > 0 && { calls }), ...(images > 0 && { images }) }
    })
  }
  const out: WireMessage[] = []
  const system = body.system
  if (system !== undefined) out.push({ role: 'system', text: typeof system === 'string' ? system : textOf(system) })
  for (const message of asArray(body.messages)) {
    const parts = asArray(message.content)
    const role = message.role as 'user' | 'assistant'
    const calls = parts
      .filter((p) => p.type === 'tool_use')
      .map((p) => ({ id: String(p.id), name: String(p.name), input: p.input }))
    const results = parts
      .filter((p) => p.type === 'tool_result')
      .map((p) => ({
        id: String(p.tool_use_id),
        content: textOf(p.content),
        ...(p.is_error === true && { isError: true }),
      }))
    const images =
      parts.filter((p) => p.type === 'image').length +
      parts
        .filter((p) => p.type === 'tool_result')
        .flatMap((p) => asArray(p.content))
        .filter((p) => p.type === 'image').length
    const text = typeof message.content === 'string' ? message.content : textOf(parts)
    out.push({
      role,
      text,
      ...(calls.length > 0 && { calls }),
      ...(results.length > 0 && { results }),
      ...(images > 0 && { images }),
    })
  }
  return out
}

/** The names of the tools a request offered. */
export function offeredTools(request: ReceivedRequest, format: WireFormat): string[] {
  return asArray(request.body.tools).map((tool) =>
    format === 'openai-chat' ? String((tool.function as Json).name) : String(tool.name),
  )
}

/** The OpenAI packages send an error result as the JSON text `{"error": "<text>"}`; read it back as an error. */
function toolMessageResult(id: string, content: string): { id: string; content: string; isError?: boolean } {
  if (content.startsWith('{"error":')) {
    try {
      const parsed = JSON.parse(content) as { error?: unknown }
      if (typeof parsed.error === 'string') return { id, content: parsed.error, isError: true }
    } catch {
      // not the error wrapper: plain text that happens to start like it
    }
  }
  return { id, content }
}

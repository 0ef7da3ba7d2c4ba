/** A call the client sent back in a later request's history. */
export interface ReplayedCall {
  readonly id: string
  readonly name: string
  /** The arguments as an object (OpenAI's JSON text parsed). */
  readonly input: unknown
  readonly thoughtSignature?: string
}

/** A tool result the client sent back, as the text the model reads. */
export interface ReplayedResult {
  readonly id: string
  readonly text: string
}

type Json = Record<string, unknown>
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : [])
const object = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {})

/**
 * The calls and results a request body carries in its history, in order, read per wire API (the
 * folder names of test/wire-streams).
 */
export function replayedTurn(api: string, body: Json): { calls: ReplayedCall[]; results: ReplayedResult[] } {
  switch (api) {
    case 'openai-chat': {
      const messages = list(body.messages)
      return {
        calls: messages
          .flatMap((m) => list(m.tool_calls))
          .map((c) => ({
            id: String(c.id),
            name: String(object(c.function).name),
            input: JSON.parse(String(object(c.function).arguments)),
          })),
        results: messages
          .filter((m) => m.role === 'tool')
          .map((m) => ({ id: String(m.tool_call_id), text: unwrapError(String(m.content)) })),
      }
    }
    case 'anthropic': {
      const parts = list(body.messages).flatMap((m) => list(m.content))
      return {
        calls: parts
          .filter((p) => p.type === 'tool_use')
          .map((p) => ({ id: String(p.id), name: String(p.name), input: p.input })),
        results: parts
          .filter((p) => p.type === 'tool_result')
          .map((p) => ({
            id: String(p.tool_use_id),
            text: typeof p.content === 'string' ? p.content : JSON.stringify(p.content),
          })),
      }
    }
    case 'gemini': {
      const parts = list(body.contents).flatMap((c) => list(c.parts))
      return {
        calls: parts
          .filter((p) => p.functionCall !== undefined)
          .map((p) => {
            const call = object(p.functionCall)
            return {
              id: String(call.id),
              name: String(call.name),
              input: call.args,
              ...(typeof p.thoughtSignature === 'string' && { thoughtSignature: p.thoughtSignature }),
            }
          }),
        results: parts
          .filter((p) => p.functionResponse !== undefined)
          .map((p) => {
            // An error result goes as `response.error`, any other as `response.content`.
            const response = object(object(p.functionResponse).response)
            return { id: String(object(p.functionResponse).id), text: String(response.content ?? response.error) }
          }),
      }
    }
    case 'openai-responses': {
      const items = list(body.input)
      return {
        calls: items
          .filter((i) => i.type === 'function_call')
          .map((i) => ({ id: String(i.call_id), name: String(i.name), input: JSON.parse(String(i.arguments)) })),
        results: items
          .filter((i) => i.type === 'function_call_output')
          .map((i) => ({ id: String(i.call_id), text: unwrapError(String(i.output)) })),
      }
    }
    default:
      throw new Error(`no reader for the ${api} wire API`)
  }
}

/** The OpenAI packages send an error result as the JSON text `{"error": "<text>"}`. */
function unwrapError(text: string): string {
  if (!text.startsWith('{"error":')) return text
  try {
    const parsed = JSON.parse(text) as { error?: unknown }
    return typeof parsed.error === 'string' ? parsed.error : text
  } catch {
    return text
  }
}

/** The function tools a request body offers, as name and JSON schema, read per wire API. */
export function offeredTools(api: string, body: Json): { name: unknown; schema: unknown }[] {
  const tools = list(body.tools)
  switch (api) {
    case 'openai-chat':
      return tools.map((tool) => ({ name: object(tool.function).name, schema: object(tool.function).parameters }))
    case 'anthropic':
      return tools.map((tool) => ({ name: tool.name, schema: tool.input_schema }))
    case 'gemini':
      return tools
        .flatMap((tool) => list(tool.functionDeclarations))
        .map((declaration) => ({ name: declaration.name, schema: declaration.parametersJsonSchema }))
    case 'openai-responses':
      return tools.map((tool) => ({ name: tool.name, schema: tool.parameters }))
    default:
      throw new Error(`no reader for the ${api} wire API`)
  }
}

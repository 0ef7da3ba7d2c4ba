import {
  Usage,
  type AgentOutputItem,
  type AssistantMessageItem,
  type FunctionCallItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents-core'

/**
 * A scripted model for the OpenAI Agents SDK: each request gets the next step's output items and is
 * kept, so a test can read what the model was shown (the tool outputs of the previous step).
 */
export class ScriptModel implements Model {
  readonly requests: ModelRequest[] = []
  readonly #steps: AgentOutputItem[][]

  constructor(steps: AgentOutputItem[][]) {
    this.#steps = [...steps]
  }

  /** Adds steps to answer later requests with. */
  then(...steps: AgentOutputItem[][]): this {
    this.#steps.push(...steps)
    return this
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request)
    const output = this.#steps.shift()
    if (output === undefined) throw new Error(`The script has no step for model request ${this.requests.length}.`)
    return { usage: new Usage(), output }
  }

  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('The script model does not stream.')
  }
}

/** A function call of the model. */
export function callOf(name: string, args: string | Record<string, unknown>, callId: string): FunctionCallItem {
  return {
    type: 'function_call',
    callId,
    name,
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
    status: 'completed',
  }
}

/** A final answer of the model. */
export function answer(text: string): AssistantMessageItem {
  return { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }
}

/** The tool outputs the model was shown in a request, by call id (text outputs as their text). */
export function toolOutputs(request: ModelRequest | undefined): Map<string, unknown> {
  const outputs = new Map<string, unknown>()
  if (request === undefined || typeof request.input === 'string') return outputs
  for (const item of request.input) {
    if (item.type !== 'function_call_result') continue
    const { output } = item
    outputs.set(
      item.callId,
      typeof output === 'object' && !Array.isArray(output) && output.type === 'text' ? output.text : output,
    )
  }
  return outputs
}

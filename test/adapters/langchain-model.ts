import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models'
import { AIMessage, isToolMessage, type BaseMessage, type ToolMessage } from '@langchain/core/messages'
import type { ChatResult } from '@langchain/core/outputs'
import { convertToOpenAITool } from '@langchain/core/utils/function_calling'

/**
 * A scripted LangChain chat model: each request gets the next step's message (tool calls or an
 * answer) and is kept, so a test can read what the model was shown. `bindTools` records the tool
 * definitions as a provider would send them (OpenAI format).
 */
export class ScriptChatModel extends BaseChatModel {
  readonly requests: BaseMessage[][] = []
  toolDefinitions: ReturnType<typeof convertToOpenAITool>[] = []
  readonly #steps: AIMessage[]

  constructor(steps: AIMessage[]) {
    super({})
    this.#steps = [...steps]
  }

  _llmType(): string {
    return 'script'
  }

  override bindTools(tools: BindToolsInput[]): this {
    this.toolDefinitions = tools.map((tool) => convertToOpenAITool(tool))
    return this
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.requests.push([...messages])
    const message = this.#steps.shift()
    if (message === undefined) throw new Error(`The script has no step for model request ${this.requests.length}.`)
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] }
  }
}

/** A model message calling tools: `[name, args, id]` each. */
export function toolCalls(...calls: [string, Record<string, unknown>, string][]): AIMessage {
  return new AIMessage({
    content: '',
    tool_calls: calls.map(([name, args, id]) => ({ type: 'tool_call', name, args, id })),
  })
}

/** A final answer. */
export function answerMessage(text: string): AIMessage {
  return new AIMessage(text)
}

/** The tool messages in a request, by tool call id. */
export function toolMessages(request: readonly BaseMessage[] | undefined): Map<string, ToolMessage> {
  const found = new Map<string, ToolMessage>()
  for (const message of request ?? []) if (isToolMessage(message)) found.set(message.tool_call_id, message)
  return found
}

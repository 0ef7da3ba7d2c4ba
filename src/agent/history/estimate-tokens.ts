import type { LanguageModelV4Message, LanguageModelV4ToolResultOutput } from '@ai-sdk/provider'
import type { TranscriptEntry } from '../../store/transcript.js'

/**
 * A rough token count, good enough to decide when to compact without a tokenizer per provider:
 *
 * - text (messages, reasoning, call names and argument text, results): one token per
 *   {@link charsPerToken} characters, rounded up — close for English prose and code, generous
 *   for JSON;
 * - each image: a fixed {@link imageTokens} (a 1280 px image costs Anthropic ~1,600–2,200 tokens and
 *   OpenAI (high detail) ~1,100; images are normalized to ≤ 1280 px at ingestion, DESIGN §9);
 * - each message or transcript entry: {@link messageOverheadTokens} for roles and separators, and
 *   each call or result the same again for its ids and wrapping.
 */
export const charsPerToken = 4

/** The fixed estimate of one image. */
export const imageTokens = 1600

/** The fixed estimate of a message's (or a call's, a result's) framing. */
export const messageOverheadTokens = 4

/** What {@link estimateTokens} can measure. */
export type TokenEstimateInput =
  string | TranscriptEntry | LanguageModelV4Message | readonly (TranscriptEntry | LanguageModelV4Message)[]

/**
 * Estimates the tokens of a text, a transcript entry, a prompt message, or a list of either (a
 * transcript or a whole `LanguageModelV4Prompt`). See {@link charsPerToken} for the rules.
 * @example estimateTokens('abcdefgh') // 2
 */
export function estimateTokens(input: TokenEstimateInput): number {
  if (typeof input === 'string') return textTokens(input)
  if (isList(input)) return input.reduce((sum, item) => sum + estimateTokens(item), 0)
  return 'kind' in input ? entryTokens(input) : messageTokens(input)
}

function isList(input: TokenEstimateInput): input is readonly (TranscriptEntry | LanguageModelV4Message)[] {
  return Array.isArray(input)
}

function textTokens(text: string): number {
  return Math.ceil(text.length / charsPerToken)
}

function entryTokens(entry: TranscriptEntry): number {
  switch (entry.kind) {
    case 'user':
      return (
        messageOverheadTokens +
        textTokens(entry.text) +
        textTokens(entry.name ?? '') +
        (entry.images?.length ?? 0) * imageTokens
      )
    case 'assistant':
      return (
        messageOverheadTokens +
        textTokens(entry.text) +
        textTokens(entry.reasoning ?? '') +
        entry.calls.reduce(
          (sum, call) => sum + messageOverheadTokens + textTokens(call.name) + textTokens(call.rawArguments),
          0,
        )
      )
    case 'results':
      return (
        messageOverheadTokens +
        entry.results.reduce(
          (sum, result) =>
            sum + messageOverheadTokens + textTokens(result.content) + result.images.length * imageTokens,
          0,
        )
      )
    case 'reminder':
    case 'summary':
      return messageOverheadTokens + textTokens(entry.text)
  }
}

function messageTokens(message: LanguageModelV4Message): number {
  if (message.role === 'system') return messageOverheadTokens + textTokens(message.content)
  let tokens = messageOverheadTokens
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        tokens += textTokens(part.text)
        break
      case 'file':
      case 'reasoning-file':
        tokens += imageTokens
        break
      case 'tool-call':
        tokens += messageOverheadTokens + textTokens(part.toolName) + textTokens(JSON.stringify(part.input) ?? '')
        break
      case 'tool-result':
        tokens += messageOverheadTokens + outputTokens(part.output)
        break
      default:
        tokens += textTokens(JSON.stringify(part) ?? '')
    }
  }
  return tokens
}

function outputTokens(output: LanguageModelV4ToolResultOutput): number {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return textTokens(output.value)
    case 'content':
      return output.value.reduce(
        (sum, part) => sum + (part.type === 'text' ? textTokens(part.text) : part.type === 'file' ? imageTokens : 0),
        0,
      )
    default:
      return textTokens(JSON.stringify(output) ?? '')
  }
}

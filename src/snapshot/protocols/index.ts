import { anthropicProtocol } from './anthropic.js'
import { geminiProtocol } from './gemini.js'
import { openaiChatProtocol } from './openai-chat.js'
import { openaiCompatibleProtocol } from './openai-compatible.js'
import { openaiResponsesProtocol } from './openai-responses.js'
import type { ProtocolName } from '../../core/protocol-name.js'
import type { Protocol } from './protocol.js'

/** Every protocol by name. */
export const protocols: Readonly<Record<ProtocolName, Protocol>> = {
  'openai-responses': openaiResponsesProtocol,
  'openai-chat': openaiChatProtocol,
  anthropic: anthropicProtocol,
  gemini: geminiProtocol,
  'openai-compatible': openaiCompatibleProtocol,
}

/** The protocol named `name`. */
export function getProtocol(name: ProtocolName): Protocol {
  return protocols[name]
}

import { parseModelSpec, providerRules } from '../../../agent/providers/index.js'
import type { ProtocolName } from '../../../core/protocol-name.js'

/**
 * The protocol a chat's model speaks, as a run picks it for its snapshot (no key needed to know it).
 * @example chatProtocol('anthropic:claude-sonnet-4-5') // 'anthropic'
 */
export function chatProtocol(model: string): ProtocolName {
  return providerRules[parseModelSpec(model).provider].protocol
}

/** The model wire dialects a snapshot can speak. */
export const protocolNames = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'openai-compatible'] as const

/** A model wire dialect. */
export type ProtocolName = (typeof protocolNames)[number]

/** True when `value` names a protocol. */
export function isProtocolName(value: unknown): value is ProtocolName {
  return typeof value === 'string' && (protocolNames as readonly string[]).includes(value)
}

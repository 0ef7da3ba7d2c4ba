import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  isInitializeRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js'

/** The first protocol version with `elicitation/create`. */
const firstVersionWithElicitation = '2025-06-18'

const negotiated = new WeakMap<Server, string>()

/**
 * Connects a session's server and remembers the protocol version it agrees on in `initialize`
 * (the SDK answers with the client's version when it supports it, else its latest), which the SDK
 * does not expose.
 */
export async function connectSession(server: Server, transport: Transport): Promise<void> {
  await server.connect(transport)
  const receive = transport.onmessage
  transport.onmessage = (message, extra) => {
    if (isInitializeRequest(message)) {
      const asked = message.params.protocolVersion
      negotiated.set(server, SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION)
    }
    receive?.(message, extra)
  }
}

/**
 * True when the session may ask its client through form elicitation: the agreed protocol version
 * has elicitation and the client declared form support (an empty `elicitation: {}` means form).
 */
export function canElicitForm(server: Server): boolean {
  const version = negotiated.get(server)
  if (version === undefined || version < firstVersionWithElicitation) return false
  return server.getClientCapabilities()?.elicitation?.form !== undefined
}

import type { Channel } from '../channel.js'

/**
 * The web console's chat as a channel: its messages come in through the API, and its replies and
 * approval requests need no delivery — the browser reads them from the conversation (its event
 * stream) and the Approvals page. Registered by `toolhost serve` with the console.
 * @example const channels = [httpChannel({ secret }), consoleChannel()]
 */
export function consoleChannel(): Channel {
  return {
    name: 'console',
    start: async () => {},
    // Stored in the conversation already: that is where the console shows it.
    send: async () => {},
    sendApprovalRequest: async () => {},
    stop: async () => {},
  }
}

import { AsyncLocalStorage } from 'node:async_hooks'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { NotWrittenError } from './not-written-error.js'

/** What became of the request sent within one tracked call. */
export interface SendState {
  /** A request was handed to the transport. */
  attempted: boolean
  /** The transport failed before any byte of it could have reached the server. */
  notWritten: boolean
}

// The SDK assigns request ids internally; the async context of `callTool` reaches `send`, so this
// ties a transport write to the call that caused it without knowing the id.
const tracked = new AsyncLocalStorage<SendState>()

/** Runs `fn` with a fresh send state that the tracked transport fills in. */
export function withSendTracking<T>(fn: (state: SendState) => Promise<T>): Promise<T> {
  const state: SendState = { attempted: false, notWritten: false }
  return tracked.run(state, () => fn(state))
}

// Connection errors raised before a request is written (refused, unknown host).
const notConnectedCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

function neverWritten(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof NotWrittenError) return true
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && notConnectedCodes.has(code)) return true
  }
  return false
}

/** Makes `transport` record requests in the send state of the tracked call that sends them. */
export function trackSends<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport)
  transport.send = async (message, options) => {
    const state = 'method' in message && 'id' in message ? tracked.getStore() : undefined
    if (state !== undefined) state.attempted = true
    try {
      await send(message, options)
    } catch (error) {
      if (state !== undefined && neverWritten(error)) state.notWritten = true
      throw error
    }
  }
  return transport
}

import type { Duplex } from 'node:stream'
import type { TargetCheck } from './network-rules.js'

/** What the handlers of one sandbox's proxy share. */
export interface ProxyContext {
  /** Checks a host and port against the rules and records the decision. */
  readonly check: (host: string, port: number) => Promise<TargetCheck>
  /** The open connections to hosts, ended when the proxy closes. */
  readonly upstreams: Set<Duplex>
  readonly connectTimeoutMs: number
  /** Fires when the proxy closes. */
  readonly signal: AbortSignal
}

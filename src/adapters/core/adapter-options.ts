import type { ToolHost } from '../../host/tool-host.js'

/**
 * Who answers a call that needs approval:
 * - `invocation` — the invocation's own approver (the `approver` given to `createInvocation`),
 *   as `toolhost tools call` and the MCP server do: the call waits for its answer. When it leaves
 *   the request pending in the store (the default approver does), the call waits until the request
 *   is decided there without continuing the turn (`toolhost approvals approve <id> --no-continue`,
 *   `host.approvals.approve(id, { continueTurn: false })`); the adapter then runs the turn.
 * - `framework` — the framework's own approval flow: the adapter tells the framework beforehand
 *   which calls would ask (the profile's rules and mode), the framework asks its person, and a call
 *   it approved passes toolhost's gate as approved once, by the approver the adapter names. Create
 *   the invocation without an approver (requests then wait in the store, where the adapter decides
 *   them). A call toolhost asks about that the framework did not ask (a tool's own check or a hook
 *   asked) is denied.
 */
export type ApprovalMode = 'invocation' | 'framework'

/** Options every adapter takes. */
export interface AdapterOptions {
  /** The host the invocation was created by: its store holds approvals, the audit and result files. */
  readonly host: ToolHost
  /** Who answers calls that need approval; default `invocation`. */
  readonly approvals?: ApprovalMode
  /**
   * The name the audit gives a framework approval (mode `framework`), e.g. `ai-sdk:alice`;
   * default the framework's name. An adapter may name the person per call instead.
   */
  readonly approver?: string
  /** How often, in milliseconds, a call waiting for a decision in the store looks again; default 200. */
  readonly pollMs?: number
}

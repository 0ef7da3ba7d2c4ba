import type { Invocation } from '../../host/invocation.js'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import type { AdapterOptions, ApprovalMode } from './adapter-options.js'
import type { AdapterCall, AdapterResult } from './adapter-call.js'
import { runAdapterTurn } from './run-adapter-turn.js'
import { TurnBatcher } from './turn-batcher.js'
import { askReason, wouldAsk } from './would-ask.js'

/** An invocation seen from a framework adapter: its tools, a way to run calls, and the approval check. */
export interface ToolhostAdapter {
  readonly invocation: Invocation
  /** Who answers calls that need approval. */
  readonly mode: ApprovalMode
  /** The name framework approvals are recorded under unless a call names its approver. */
  readonly approver: string
  /** The tools to give the framework: the snapshot's offered bindings (alias, description, input schema, strictness, annotations). */
  readonly tools: readonly SnapshotBinding[]
  /**
   * Runs a call. Calls made in the same macrotask run as one toolhost turn (parallel reads, writes in
   * call order, budgets per turn). Resolves with the result the model should read — invalid
   * arguments, denials and tool errors included, as `isError` results; rejects only when the turn
   * cannot run at all or the tool failed in a way the model cannot fix (`ToolRuntimeError`).
   */
  call(call: AdapterCall): Promise<AdapterResult>
  /**
   * The framework's "needs approval?" check: in mode `framework`, whether toolhost would ask a person
   * about this call (see {@link wouldAsk}); in mode `invocation` always false (the invocation's
   * approver is asked during the call).
   */
  needsApproval(alias: string, args: unknown): Promise<boolean>
  /**
   * Why the call needs approval, for the framework to show its person (mode `framework`); undefined
   * when it needs none, and always in mode `invocation`.
   */
  approvalReason(alias: string, args: unknown): Promise<string | undefined>
}

/**
 * The shared core of every framework adapter. An adapter calls it once per invocation, turns each
 * of `tools` into its framework's tool object (name = `alias`, description, `inputSchema` as JSON
 * Schema), sends each framework `execute` to `call` (with the framework's call id, and
 * `approvedBy` when the framework's person approved the call), wires the framework's approval check
 * to `needsApproval`, and gives the model `result.content` (plus `images` where the framework
 * carries them).
 *
 * @example
 * const adapter = createToolhostAdapter(invocation, { host, approvals: 'framework' }, 'my-framework')
 * const frameworkTools = adapter.tools.map((binding) => ({
 *   name: binding.alias,
 *   description: binding.description,
 *   parameters: binding.inputSchema,
 *   needsApproval: (args: unknown) => adapter.needsApproval(binding.alias, args),
 *   execute: async (args: unknown, callId: string, approvedBy?: string) =>
 *     (await adapter.call({ callId, alias: binding.alias, arguments: args, ...(approvedBy !== undefined && { approvedBy }) })).result.content,
 * }))
 */
export function createToolhostAdapter(
  invocation: Invocation,
  options: AdapterOptions,
  framework: string,
): ToolhostAdapter {
  const mode = options.approvals ?? 'invocation'
  const approver = options.approver ?? framework
  const batcher = new TurnBatcher<AdapterCall, AdapterResult>((calls) =>
    runAdapterTurn(
      {
        invocation,
        store: options.host.store(),
        mode,
        adapterName: `${framework} adapter (nobody was asked)`,
        pollMs: options.pollMs ?? 200,
      },
      calls,
    ),
  )
  return {
    invocation,
    mode,
    approver,
    tools: invocation.offered,
    call: (call) => batcher.submit(call),
    needsApproval: async (alias, args) => mode === 'framework' && (await wouldAsk(invocation, alias, args)),
    approvalReason: async (alias, args) => (mode === 'framework' ? askReason(invocation, alias, args) : undefined),
  }
}

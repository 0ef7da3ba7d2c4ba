import { TurnPausedError } from '../../execution/execute-turn.js'
import type { Invocation } from '../../host/invocation.js'
import type { Store } from '../../store/store.js'
import { loadText } from '../../text/model-text.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import type { ApprovalMode } from './adapter-options.js'

const notAskedText = loadText(import.meta.url, 'texts/not-asked.txt')

/** What settling a paused turn needs. */
export interface PausedTurn {
  readonly invocation: Invocation
  readonly store: Store
  readonly mode: ApprovalMode
  /** The approver name the framework gave each call it approved, by call id. */
  readonly approvedBy: ReadonlyMap<string, string>
  /** The name recorded for a framework-mode denial of a call nobody was asked about. */
  readonly adapterName: string
  readonly signal?: AbortSignal
}

/**
 * Finishes a turn that paused on requests left pending in the store, deciding each at once so that
 * the turn goes on in this process and the audit tells what happened: in mode `framework`, allowed
 * once by the framework's approver when the framework approved that call, else denied (nobody was
 * asked); in mode `invocation`, the invocation's approver left it undecided, so it expires (a
 * framework's call cannot wait for a later decision, and a turn continued by two processes would
 * run twice).
 * @throws StoreError `store.conflict` when another process decided a request first (the turn stays paused)
 */
export async function settlePausedTurn(paused: PausedTurn): Promise<AgentToolResult[]> {
  const { invocation } = paused
  for (;;) {
    decideInStore(paused, invocation.pendingApprovals)
    try {
      return await invocation.continueTurn({ ...(paused.signal !== undefined && { signal: paused.signal }) })
    } catch (error) {
      // A turn settled by these decisions can only pause again on requests made since: decide those too.
      if (!(error instanceof TurnPausedError)) throw error
    }
  }
}

function decideInStore(paused: PausedTurn, ids: readonly string[]): void {
  const { approvals } = paused.store
  for (const id of ids) {
    const request = approvals.get(id)
    if (request === undefined || request.status !== 'pending') continue
    if (paused.mode === 'invocation') {
      approvals.expire(id)
      continue
    }
    const approver = paused.approvedBy.get(request.callId)
    if (approver !== undefined) approvals.resolve(id, { behavior: 'allow', scope: 'once', approver })
    else approvals.resolve(id, { behavior: 'deny', approver: paused.adapterName, message: notAskedText })
  }
}

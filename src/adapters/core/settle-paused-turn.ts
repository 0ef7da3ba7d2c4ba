import { setTimeout as sleep } from 'node:timers/promises'
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
  readonly pollMs: number
  readonly signal?: AbortSignal
}

/**
 * Finishes a turn that paused on requests left pending in the store and returns the whole turn's
 * results. In mode `framework` each request is decided at once, so the audit names who approved:
 * allowed once by the framework's approver when the framework approved that call, else denied
 * (nobody was asked). In mode `invocation` it waits until every request is decided in the store
 * (decided without continuing the turn: `toolhost approvals approve <id> --no-continue`,
 * `host.approvals.approve(id, { continueTurn: false })`). Then the turn is continued here, unless
 * the log shows another process went on with it.
 * @throws Error when the signal aborts the wait, or another process went on with the turn
 */
export async function settlePausedTurn(paused: PausedTurn): Promise<AgentToolResult[]> {
  const { invocation, store } = paused
  for (;;) {
    const pausedAt = store.latestCheckpoint(invocation.id)?.eventSeq ?? 0
    const ids = invocation.pendingApprovals
    if (paused.mode === 'framework') decideInStore(paused, ids)
    else await waitForDecisions(paused, ids)
    if (store.events({ invocationId: invocation.id, afterSeq: pausedAt, limit: 1 }).length > 0)
      throw new Error(
        `Another process went on with the paused turn of invocation ${invocation.id}; decide its approvals without continuing the turn (toolhost approvals approve <id> --no-continue) so the waiting adapter runs it.`,
      )
    try {
      return await invocation.continueTurn({ ...(paused.signal !== undefined && { signal: paused.signal }) })
    } catch (error) {
      // A turn settled by these decisions can only pause again on requests made since: settle those too.
      if (!(error instanceof TurnPausedError)) throw error
    }
  }
}

function decideInStore(paused: PausedTurn, ids: readonly string[]): void {
  const { approvals } = paused.store
  for (const id of ids) {
    const request = approvals.get(id)
    if (request === undefined || request.status !== 'pending') continue
    const approver = paused.approvedBy.get(request.callId)
    if (approver !== undefined) approvals.resolve(id, { behavior: 'allow', scope: 'once', approver })
    else approvals.resolve(id, { behavior: 'deny', approver: paused.adapterName, message: notAskedText })
  }
}

async function waitForDecisions(paused: PausedTurn, ids: readonly string[]): Promise<void> {
  const undecided = () => ids.some((id) => paused.store.approvals.get(id)?.status === 'pending')
  while (undecided()) {
    paused.signal?.throwIfAborted()
    await sleep(paused.pollMs, undefined, paused.signal === undefined ? {} : { signal: paused.signal })
  }
}

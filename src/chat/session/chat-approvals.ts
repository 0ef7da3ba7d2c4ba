import type { ApprovalDecision, ApprovalRequest, Approver } from '../../permissions/approvals/approval-request.js'
import { diffOfCall, type ReadCurrent } from '../diff/call-diff.js'
import type { ChatAction } from '../state/chat-reducer.js'

interface Waiting {
  readonly request: ApprovalRequest
  readonly settle: (decision: ApprovalDecision) => void
}

/**
 * Asks approvals on the chat's screen: each request (with the diff an edit would make) waits in
 * the state until the person answers it with {@link ChatApprovals.decide}. Calls asking at once
 * are answered one after another, oldest first. A turn cancelled meanwhile takes its questions away.
 */
export class ChatApprovals {
  readonly #dispatch: (action: ChatAction) => void
  readonly #readCurrent: ReadCurrent
  readonly #waiting = new Map<string, Waiting>()

  constructor(dispatch: (action: ChatAction) => void, readCurrent: ReadCurrent = async () => undefined) {
    this.#dispatch = dispatch
    this.#readCurrent = readCurrent
  }

  /** The approver to give the run. */
  readonly approver: Approver = async (request, signal) => {
    signal.throwIfAborted()
    const patch = await diffOfCall(request.toolId, request.input, this.#readCurrent).catch(() => undefined)
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const stop = () => {
        this.#settled(request.id)
        reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'))
      }
      signal.addEventListener('abort', stop, { once: true })
      this.#waiting.set(request.id, {
        request,
        settle: (decision) => {
          signal.removeEventListener('abort', stop)
          this.#settled(request.id)
          resolve(decision)
        },
      })
      this.#dispatch({ type: 'approval-asked', approval: { request, ...(patch !== undefined && { patch }) } })
    })
  }

  /** The requests waiting for an answer, oldest first. */
  get pending(): readonly ApprovalRequest[] {
    return [...this.#waiting.values()].map((waiting) => waiting.request)
  }

  /** Answers a waiting request; false when it is no longer waiting. */
  decide(requestId: string, decision: ApprovalDecision): boolean {
    const waiting = this.#waiting.get(requestId)
    if (waiting === undefined) return false
    waiting.settle(decision)
    return true
  }

  /** Denies every waiting request (the chat is closing). */
  cancelAll(): void {
    for (const waiting of [...this.#waiting.values()])
      waiting.settle({ behavior: 'deny', message: 'the chat was closed', approver: 'terminal' })
  }

  #settled(requestId: string): void {
    if (this.#waiting.delete(requestId)) this.#dispatch({ type: 'approval-settled', requestId })
  }
}

import type { EventDataByType, EventType, NewStoreEvent, Store } from '../store/store.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { ToolId } from '../core/tool-id.js'

/** What decided a call, for the audit. */
export interface DecisionRecord {
  readonly behavior: 'allow' | 'deny' | 'ask'
  readonly reason?: string
  readonly rule?: string
  readonly approver?: string
  readonly approvalId?: string
}

/**
 * Appends the audit events of one invocation's calls to the store: requested, decided, started,
 * progress, completed or failed, stored — and the start and end of each turn.
 *
 * Events are buffered and written in one transaction at the moments that matter: a call's
 * `started` is durable before the call runs (with everything before it), and the rest is written
 * with the invocation's checkpoint. A crash in between loses only outcomes, and a call without a
 * recorded outcome is reported as unknown, never as not run.
 */
export class CallRecorder {
  readonly #store: Store
  readonly #runId: string
  readonly #invocationId: string
  #buffer: NewStoreEvent[] = []
  #withNextFlush: (() => void)[] = []

  constructor(store: Store, runId: string, invocationId: string) {
    this.#store = store
    this.#runId = runId
    this.#invocationId = invocationId
  }

  #append<T extends EventType>(type: T, callId: string | null, toolId: ToolId | null, data: EventDataByType[T]): void {
    // The union of event shapes cannot be narrowed through a generic; `type` and `data` agree by the signature.
    this.#buffer.push({
      type,
      runId: this.#runId,
      invocationId: this.#invocationId,
      callId,
      toolId,
      data,
    } as NewStoreEvent)
  }

  /**
   * Writes the buffered events, whatever was queued with {@link writeWithNextFlush}, and whatever
   * `alongside` writes, in one transaction (one disk sync).
   */
  flush(alongside?: () => void): void {
    const events = this.#buffer
    const queued = this.#withNextFlush
    this.#buffer = []
    this.#withNextFlush = []
    this.#store.transaction(() => {
      for (const write of queued) write()
      for (const event of events) this.#store.appendEvent(event)
      alongside?.()
    })
  }

  /** Queues a write for the next flush, which comes before any call of the turn runs. */
  writeWithNextFlush(write: () => void): void {
    this.#withNextFlush.push(write)
  }

  turnStarted(round: number, calls: number): void {
    this.#append('turn_started', null, null, { round, calls })
  }

  turnCompleted(round: number, status: 'completed' | 'paused' | 'failed'): void {
    this.#append('turn_completed', null, null, { round, status })
  }

  requested(callId: string, toolId: ToolId | null, alias: string, rawArguments: string, round: number): void {
    this.#append('requested', callId, toolId, { alias, rawArguments, round })
  }

  decided(callId: string, toolId: ToolId, decision: DecisionRecord): void {
    this.#append('decided', callId, toolId, decision)
  }

  /** Durable when it returns: the call may run. */
  started(callId: string, toolId: ToolId, round: number): void {
    this.#append('started', callId, toolId, { round })
    this.flush()
  }

  progress(
    callId: string,
    toolId: ToolId,
    progress: { readonly message: string; readonly progress?: number; readonly total?: number },
  ): void {
    const { message, progress: done, total } = progress
    this.#append('progress', callId, toolId, {
      message,
      ...(done !== undefined && { progress: done }),
      ...(total !== undefined && { total }),
    })
  }

  completed(result: AgentToolResult, durationMs = 0): void {
    const { callId, toolId, ...stored } = result
    this.#append('completed', callId, toolId, { result: stored, durationMs })
  }

  failed(callId: string, toolId: ToolId, error: unknown, durationMs: number): void {
    const failure =
      error instanceof Error ? { name: error.name, message: error.message } : { name: 'Error', message: String(error) }
    this.#append('failed', callId, toolId, { error: failure, durationMs })
  }

  stored(callId: string, toolId: ToolId, paths: readonly string[]): void {
    this.#append('stored', callId, toolId, { paths })
  }
}

import type { TurnExecutor } from '../../agent/loop/run-options.js'
import { TurnPausedError } from '../../execution/execute-turn.js'
import type { Invocation, Turn } from '../../host/invocation.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { busMessage, type BusMessage, type BusMessageOf } from '../bus/bus-message.js'

interface WaitingTurn {
  readonly invocation: Invocation
  readonly turn: Turn
  resolve(results: AgentToolResult[]): void
  reject(error: unknown): void
}

/** What became of a turn the tool consumer took. */
export type TurnOutcome = 'results' | 'paused' | 'failed' | 'unknown'

/**
 * Turns of the runs this process drives, handed from the LLM consumer to the tool consumer as
 * `ToolCall` messages. The invocation (its gate, workspace, live processes) stays in this process,
 * so the message names the turn and the consumer finds it here; a `ToolCall` left over from a
 * process that died finds nothing, and its run resumes from its checkpoint instead.
 */
export class TurnDispatch {
  readonly #waiting = new Map<string, WaitingTurn>()
  readonly #runs = new Map<string, number>()

  /** The turn executor of one run: publishes each turn and waits for the tool consumer's outcome. */
  executor(
    publish: (message: BusMessage) => Promise<void>,
    ids: { readonly conversationId: string; readonly correlationId: string },
  ): TurnExecutor {
    return async (invocation, turn) => {
      const message = busMessage('tool_call', {
        conversationId: ids.conversationId,
        correlationId: ids.correlationId,
        idempotencyKey: '',
        runId: invocation.runId,
        invocationId: invocation.id,
        snapshotId: turn.snapshotId ?? invocation.snapshot.id,
        calls: turn.calls.map((call) => ({ callId: call.callId, name: call.name, arguments: call.arguments })),
      })
      const keyed = { ...message, idempotencyKey: `turn:${message.id}` }
      const outcome = new Promise<AgentToolResult[]>((resolve, reject) => {
        this.#waiting.set(keyed.id, { invocation, turn, resolve, reject })
      })
      this.#runs.set(invocation.runId, (this.#runs.get(invocation.runId) ?? 0) + 1)
      try {
        await publish(keyed)
        return await outcome
      } finally {
        this.#waiting.delete(keyed.id)
        const left = (this.#runs.get(invocation.runId) ?? 1) - 1
        if (left === 0) this.#runs.delete(invocation.runId)
        else this.#runs.set(invocation.runId, left)
      }
    }
  }

  /** True while a turn of the run waits in this process. */
  isWaiting(runId: string): boolean {
    return this.#runs.has(runId)
  }

  /** Runs a published turn through its invocation (the gate, the audit) and hands the results back. */
  async execute(message: BusMessageOf<'tool_call'>): Promise<TurnOutcome> {
    const waiting = this.#waiting.get(message.id)
    if (waiting === undefined) return 'unknown'
    try {
      waiting.resolve(await waiting.invocation.executeTurn(waiting.turn))
      return 'results'
    } catch (error) {
      waiting.reject(error)
      return error instanceof TurnPausedError ? 'paused' : 'failed'
    }
  }

  /** Fails every waiting turn (the daemon stops). */
  abandon(reason: Error): void {
    for (const waiting of this.#waiting.values()) waiting.reject(reason)
    this.#waiting.clear()
  }
}

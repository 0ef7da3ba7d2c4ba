import { randomBytes } from 'node:crypto'
import { fillText, loadTexts } from '../../text/model-text.js'
import { ToolError } from '../../core/tool-error.js'
import type { AgentCard, ChildOutcome, DelegatedTask, DelegationServices, TaskReturn } from '../../tool/run-services.js'
import { agentToolAlias } from '../../tools/agent/agent-tool-ids.js'

const texts = loadTexts(import.meta.url, [
  'unknownAgent',
  'noAgents',
  'limitConcurrent',
  'limitPerRun',
  'unknownChild',
  'noChildren',
  'handoffDepth',
  'handoffPending',
  'delegationEnded',
])

/** Sub-agent limits (DESIGN §13). */
export interface SubAgentLimits {
  /** Children running at once. */
  readonly concurrent: number
  /** Children started per run. */
  readonly perRun: number
  /** Handoffs in a row: a handoff from this depth is refused. */
  readonly handoffDepth: number
}

/** The limits of DESIGN §13: 3 concurrent, 8 per run, handoff depth 8. */
export const defaultSubAgentLimits: SubAgentLimits = { concurrent: 3, perRun: 8, handoffDepth: 8 }

/** What the host is asked to run for one delegated child. */
export interface StartChildRequest {
  readonly childId: string
  readonly agentId: string
  readonly task: DelegatedTask
  /** Aborted when the delegating run cancels its children; the child should stop and reject. */
  readonly signal: AbortSignal
}

/** What {@link SubAgentManager} is constructed with. */
export interface SubAgentManagerOptions {
  /** The agents this invocation may delegate or hand off to (see `agentCatalog`). */
  readonly agents: () => readonly AgentCard[]
  /**
   * Runs a child in return mode; resolves with its `task.return` result. A rejection is recorded as
   * the child's failure (or its cancellation, when its signal was aborted).
   */
  readonly startChild: (request: StartChildRequest) => Promise<TaskReturn>
  readonly limits?: Partial<SubAgentLimits>
  /** Children the run started before this manager (under earlier agents of the run); default 0. */
  readonly startedBefore?: number
  /** How many handoffs led to the current agent; default 0. */
  readonly handoffDepth?: number
  /** Called once a handoff is accepted; the run transfers control after the current turn. */
  readonly onHandoff: (agentId: string, message: string) => void
  /** Child ids; default `child-` plus 8 hex digits. Must return a fresh id per call. */
  readonly newId?: () => string
  /** The run's signal: aborting it cancels every running child like `cancelAll`. */
  readonly signal?: AbortSignal
}

interface Child {
  readonly childId: string
  readonly agentId: string
  readonly controller: AbortController
  state: ChildOutcome['state']
  result?: TaskReturn
  error?: string
  /** Reported in a final state by an `await`; see {@link SubAgentManager.await}. */
  collected: boolean
  /** Resolves (never rejects) when the child has ended. */
  readonly settled: Promise<void>
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : error.message
  return String(error)
}

function quoteList(values: readonly string[]): string {
  return values.map((value) => `"${value}"`).join(', ')
}

/**
 * Sub-agents of one run (DESIGN §13), as `agent.delegate`, `agent.await` and `agent.handoff` use
 * them.
 * - `delegate` checks the target and the limits (at most `concurrent` children running, `perRun`
 *   started), starts the child and returns at once; the child runs in the background and its
 *   rejection is kept as state `failed` (or `cancelled` after `cancelAll`), never left unhandled.
 * - A child is *collected* once an `await` has reported it in a final state (`returned`, `failed`,
 *   `cancelled`). `await({ mode: 'one' })` returns at once when a selected child has ended and is
 *   not yet collected; otherwise it waits for the first selected running child to end. `mode: 'all'`
 *   waits until every selected child has ended. Both report every selected child in its current
 *   state, `running` for those still running when `timeoutMs` passes (a timeout is no error), and
 *   mark the ended ones collected. Without `childIds` every child of the run is selected. Aborting
 *   the request's signal rejects the wait with the signal's reason; the children keep running.
 * - `handoff` checks the target and the depth, then calls `onHandoff` (once per manager).
 * - `cancelAll` aborts every running child and waits until all have settled.
 *
 * @example
 * const children = new SubAgentManager({ agents: () => cards, startChild: runChild, onHandoff: (agentId, message) => handoff(agentId, message) })
 */
export class SubAgentManager implements DelegationServices {
  readonly #options: SubAgentManagerOptions
  readonly #limits: SubAgentLimits
  readonly #startedBefore: number
  readonly #children = new Map<string, Child>()
  readonly #controller = new AbortController()
  #handedOffTo: string | undefined

  constructor(options: SubAgentManagerOptions) {
    this.#options = options
    this.#limits = { ...defaultSubAgentLimits, ...options.limits }
    this.#startedBefore = options.startedBefore ?? 0
    const runSignal = options.signal
    if (runSignal !== undefined) {
      const cancel = () =>
        void this.cancelAll(runSignal.reason instanceof Error ? runSignal.reason.message : 'the run was cancelled')
      if (runSignal.aborted) cancel()
      else runSignal.addEventListener('abort', cancel, { once: true })
    }
  }

  /** The limits in force. */
  get limits(): SubAgentLimits {
    return this.#limits
  }

  /** The agent a handoff was accepted for, if any. */
  get handedOffTo(): string | undefined {
    return this.#handedOffTo
  }

  agents(): readonly AgentCard[] {
    return this.#options.agents()
  }

  /** Every child started so far, in start order, in its current state (does not collect). */
  outcomes(): ChildOutcome[] {
    return [...this.#children.values()].map((child) => this.#outcome(child))
  }

  async delegate(request: {
    readonly agentId: string
    readonly task: DelegatedTask
    readonly callId: string
  }): Promise<{ readonly childId: string }> {
    const card = this.#target(request.agentId)
    if (this.#controller.signal.aborted) {
      throw new ToolError(
        'agent.not_available',
        fillText(texts.delegationEnded, { reason: errorMessage(this.#controller.signal.reason) }),
      )
    }
    const running = [...this.#children.values()].filter((child) => child.state === 'running').length
    const startedInRun = this.#startedBefore + this.#children.size
    if (startedInRun >= this.#limits.perRun) {
      throw new ToolError(
        'agent.limit_reached',
        fillText(texts.limitPerRun, { started: startedInRun, limit: this.#limits.perRun, await: agentToolAlias.await }),
        {
          limit: 'perRun',
        },
      )
    }
    if (running >= this.#limits.concurrent) {
      throw new ToolError(
        'agent.limit_reached',
        fillText(texts.limitConcurrent, { running, limit: this.#limits.concurrent, await: agentToolAlias.await }),
        {
          limit: 'concurrent',
        },
      )
    }
    const childId = this.#freshId()
    const controller = new AbortController()
    const onManagerAbort = () => controller.abort(this.#controller.signal.reason)
    this.#controller.signal.addEventListener('abort', onManagerAbort, { once: true })
    let started: Promise<TaskReturn>
    try {
      started = this.#options.startChild({ childId, agentId: card.id, task: request.task, signal: controller.signal })
    } catch (error) {
      started = Promise.reject(error)
    }
    const child: Child = {
      childId,
      agentId: card.id,
      controller,
      state: 'running',
      collected: false,
      settled: Promise.resolve(started)
        .then(
          (result) => {
            child.state = 'returned'
            child.result = result
          },
          (error: unknown) => {
            child.state = controller.signal.aborted ? 'cancelled' : 'failed'
            child.error = controller.signal.aborted
              ? `cancelled: ${errorMessage(controller.signal.reason)}`
              : errorMessage(error)
          },
        )
        .finally(() => this.#controller.signal.removeEventListener('abort', onManagerAbort)),
    }
    this.#children.set(childId, child)
    return { childId }
  }

  async await(request: {
    readonly mode: 'one' | 'all'
    readonly childIds?: readonly string[]
    readonly timeoutMs: number
    readonly signal: AbortSignal
  }): Promise<readonly ChildOutcome[]> {
    const selected = this.#select(request.childIds)
    request.signal.throwIfAborted()
    const running = selected.filter((child) => child.state === 'running')
    const ready =
      request.mode === 'one'
        ? selected.some((child) => child.state !== 'running' && !child.collected) || running.length === 0
        : running.length === 0
    if (!ready) {
      const ended =
        request.mode === 'one'
          ? Promise.race(running.map((child) => child.settled))
          : Promise.all(running.map((child) => child.settled))
      await waitFor(ended, request.timeoutMs, request.signal)
    }
    return selected.map((child) => {
      if (child.state !== 'running') child.collected = true
      return this.#outcome(child)
    })
  }

  async handoff(request: { readonly agentId: string; readonly message: string }): Promise<void> {
    const card = this.#target(request.agentId)
    const depth = this.#options.handoffDepth ?? 0
    if (depth >= this.#limits.handoffDepth) {
      throw new ToolError(
        'agent.handoff_depth',
        fillText(texts.handoffDepth, { depth, limit: this.#limits.handoffDepth }),
      )
    }
    if (this.#handedOffTo !== undefined)
      throw new ToolError('agent.handoff_pending', fillText(texts.handoffPending, { agentId: this.#handedOffTo }))
    this.#handedOffTo = card.id
    this.#options.onHandoff(card.id, request.message)
  }

  /**
   * Aborts every running child with `reason` and resolves once all have settled (a child that ignores
   * its signal keeps this waiting); later delegations are refused with `agent.not_available`.
   */
  async cancelAll(reason: string): Promise<void> {
    if (!this.#controller.signal.aborted) this.#controller.abort(new Error(reason))
    await Promise.all([...this.#children.values()].map((child) => child.settled))
  }

  #target(agentId: string): AgentCard {
    const cards = this.#options.agents()
    const card = cards.find((candidate) => candidate.id === agentId)
    if (card !== undefined) return card
    const message =
      cards.length === 0
        ? fillText(texts.noAgents, { agentId })
        : fillText(texts.unknownAgent, { agentId, valid: quoteList(cards.map((c) => c.id)) })
    throw new ToolError('agent.unknown_agent', message, { validAgents: cards.map((c) => c.id) })
  }

  #select(childIds: readonly string[] | undefined): Child[] {
    if (this.#children.size === 0)
      throw new ToolError('agent.unknown_child', fillText(texts.noChildren, { delegate: agentToolAlias.delegate }))
    if (childIds === undefined || childIds.length === 0) return [...this.#children.values()]
    const unknown = childIds.filter((id) => !this.#children.has(id))
    if (unknown.length > 0) {
      throw new ToolError(
        'agent.unknown_child',
        fillText(texts.unknownChild, { unknown: quoteList(unknown), valid: quoteList([...this.#children.keys()]) }),
      )
    }
    return [...new Set(childIds)].map((id) => this.#children.get(id)).filter((child) => child !== undefined)
  }

  #outcome(child: Child): ChildOutcome {
    return {
      childId: child.childId,
      agentId: child.agentId,
      state: child.state,
      ...(child.result !== undefined && { result: child.result }),
      ...(child.error !== undefined && { error: child.error }),
    }
  }

  #freshId(): string {
    const make = this.#options.newId ?? (() => `child-${randomBytes(4).toString('hex')}`)
    for (let attempt = 0; attempt < 100; attempt++) {
      const id = make()
      if (!this.#children.has(id)) return id
    }
    throw new Error('SubAgentManager: newId keeps returning ids that are taken')
  }
}

/** Resolves when `ended` does or `timeoutMs` passes; rejects with the signal's reason when it aborts. */
async function waitFor(ended: Promise<unknown>, timeoutMs: number, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  try {
    await Promise.race([
      ended,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs)
      }),
      new Promise<never>((_resolve, reject) => {
        onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
      }),
    ])
  } finally {
    clearTimeout(timer)
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort)
  }
}

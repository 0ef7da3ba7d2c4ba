import { compactAgentRun, continueAgentRun, resumeAgentRun, runAgent } from '../../agent/loop/run-agent.js'
import type { AgentEvent } from '../../agent/loop/agent-events.js'
import type { AgentRunResult, AgentRunRuntime } from '../../agent/loop/run-options.js'
import { describeModelError, isModelCallError, resolveModel } from '../../agent/providers/index.js'
import type { Scope } from '../../core/scope.js'
import type { ToolHost } from '../../host/create-tool-host.js'
import type { PermissionMode } from '../../profile/profile-schema.js'
import { stopBackgroundCommands } from '../../tools/background/index.js'
import type { ChatAction } from '../state/chat-reducer.js'
import { diffOfCall, type ReadCurrent } from '../diff/call-diff.js'
import { ChatApprovals } from './chat-approvals.js'
import { runningBackgroundCommands } from './background-count.js'
import { askStoredApprovals } from './stored-approvals.js'

/** How a chat reaches its model and which agent it runs. */
export interface ChatSessionOptions {
  readonly host: ToolHost
  /** `provider:model`. */
  readonly model: string
  readonly baseUrl?: string
  readonly apiKey?: string
  /** A profile id or file; the host's default when absent. */
  readonly profile?: string
  readonly scope: Scope
  /** The permission mode chosen for this chat, over the profile's. */
  readonly mode?: PermissionMode
  /** Goes on with this run. */
  readonly runId?: string
  /** Reads a workspace file's text for the diff an edit would make. */
  readonly readCurrent?: ReadCurrent
  /** Where the chat's state changes go (the screen). */
  readonly dispatch: (action: ChatAction) => void
}

/**
 * One chat: a run of the agent loop continued message after message (`continueAgentRun`), so the
 * whole chat is one run to resume and audit. Each message runs under its own abort (Ctrl-C stops the
 * turn, the chat goes on); approvals are asked on the screen through {@link ChatApprovals}.
 */
export class ChatSession {
  readonly host: ToolHost
  readonly approvals: ChatApprovals
  readonly #options: ChatSessionOptions
  readonly #dispatch: (action: ChatAction) => void
  #runId: string | undefined
  #model: string
  #mode: PermissionMode | undefined
  #profile: string | undefined
  #turn: AbortController | undefined
  #modelChanged = false
  /** The screen hears events in order, also those that wait for a diff. */
  #events: Promise<void> = Promise.resolve()
  readonly #calls = new Map<string, Extract<AgentEvent, { type: 'tool-call' }>>()

  constructor(options: ChatSessionOptions) {
    this.host = options.host
    this.#options = options
    this.#dispatch = options.dispatch
    this.#runId = options.runId
    this.#model = options.model
    this.#mode = options.mode
    this.#profile = options.profile
    this.approvals = new ChatApprovals(this.#dispatch, options.readCurrent)
  }

  /** The run the chat continues; `undefined` until the first message (or after `/clear`). */
  get runId(): string | undefined {
    return this.#runId
  }

  get model(): string {
    return this.#model
  }

  get profile(): string | undefined {
    return this.#profile
  }

  get scope(): Scope {
    return this.#options.scope
  }

  /** The permission mode chosen in the chat, when one was (else the profile's holds). */
  get mode(): PermissionMode | undefined {
    return this.#mode
  }

  /** True while a message is being answered. */
  get busy(): boolean {
    return this.#turn !== undefined
  }

  /**
   * Sends the person's message: a new run for the first message, the same run continued after.
   * Failures become notices on the screen; this never throws.
   */
  async send(prompt: string): Promise<AgentRunResult | undefined> {
    if (this.#turn !== undefined) throw new Error('a message is being answered; wait or press Ctrl-C')
    const turn = new AbortController()
    this.#turn = turn
    try {
      const runtime = this.#runtime(turn.signal)
      const result =
        this.#runId === undefined
          ? await runAgent({
              ...runtime,
              model: this.#model,
              prompt,
              scope: this.#options.scope,
              ...(this.#profile !== undefined && { profile: this.#profile }),
            })
          : await continueAgentRun({
              ...runtime,
              runId: this.#runId,
              prompt,
              ...(this.#modelChanged && { model: this.#model }),
            })
      this.#runId = result.runId
      return result
    } catch (error) {
      await this.#events
      this.#dispatch({ type: 'event', event: finished(this.#runId, error, this.#options.baseUrl), now: Date.now() })
      return undefined
    } finally {
      await this.#events
      this.#turn = undefined
      this.#refreshBackground()
    }
  }

  /**
   * Goes on with a stored run where it stopped: a run paused on approvals asks them here; a run that
   * ended waits for the next message.
   */
  async resumeWork(): Promise<void> {
    const runId = this.#runId
    if (runId === undefined || this.#turn !== undefined) return
    const status = this.host.store().getRun(runId)?.status
    if (status !== 'paused' && status !== 'running') return
    const turn = new AbortController()
    this.#turn = turn
    try {
      // What the run waits for is asked here first, so it goes on with the answers.
      if (status === 'paused') await askStoredApprovals(this.host, runId, this.approvals.approver, turn.signal)
      await resumeAgentRun({ ...this.#runtime(turn.signal), runId, ...(this.#modelChanged && { model: this.#model }) })
    } catch (error) {
      await this.#events
      this.#dispatch({ type: 'event', event: finished(runId, error, this.#options.baseUrl), now: Date.now() })
    } finally {
      await this.#events
      this.#turn = undefined
    }
  }

  /**
   * Summarizes the chat's older turns now (the model writes the summary); the next message goes on
   * from it. The screen hears the `compacted` event; false when there is no chat yet.
   */
  async compact(): Promise<boolean> {
    const runId = this.#runId
    if (runId === undefined) return false
    if (this.#turn !== undefined) throw new Error('a message is being answered; wait or press Ctrl-C')
    const turn = new AbortController()
    this.#turn = turn
    try {
      const result = await compactAgentRun({
        ...this.#runtime(turn.signal),
        runId,
        ...(this.#modelChanged && { model: this.#model }),
      })
      return result.status === 'completed'
    } finally {
      await this.#events
      this.#turn = undefined
    }
  }

  /** Stops the message being answered (running tools get the abort); false when there is none. */
  cancel(): boolean {
    if (this.#turn === undefined) return false
    this.#turn.abort(new Error('cancelled at the terminal'))
    return true
  }

  /** The permission mode for the messages from now on. */
  setMode(mode: PermissionMode): void {
    this.#mode = mode
    this.#dispatch({ type: 'status', status: { mode } })
  }

  /**
   * The model for the messages from now on.
   * @throws ModelConfigError for a provider toolhost does not know or a model string without one
   */
  setModel(spec: string): void {
    resolveModel(spec, {
      ...(this.#options.baseUrl !== undefined && { baseUrl: this.#options.baseUrl }),
      ...(this.#options.apiKey !== undefined && { apiKey: this.#options.apiKey }),
    })
    this.#model = spec
    this.#modelChanged = true
    this.#dispatch({ type: 'status', status: { model: spec } })
  }

  /** The profile for a new chat: it takes effect with the next message, in a new run. */
  setProfile(profile: string | undefined): void {
    this.#profile = profile
    this.startOver()
  }

  /** The next message starts a new run (a new chat). */
  startOver(): void {
    this.#runId = undefined
    this.#modelChanged = false
    this.#dispatch({ type: 'status', status: { runId: undefined } })
  }

  /** Continues another stored run from the next message. */
  switchTo(runId: string, model: string): void {
    this.#runId = runId
    this.#model = model
    this.#modelChanged = false
    this.#dispatch({ type: 'status', status: { runId, model } })
  }

  /** Stops what the chat left running: the message being answered, then its background commands. */
  async close(): Promise<void> {
    this.cancel()
    this.approvals.cancelAll()
    if (this.#runId !== undefined) await stopBackgroundCommands(this.host.store().runDir(this.#runId))
  }

  /** What every run of the chat is given: its turn's abort, the screen, the approvals, the endpoint. */
  #runtime(signal: AbortSignal): AgentRunRuntime {
    return {
      host: this.host,
      signal,
      onEvent: (event) => this.#onEvent(event),
      approver: this.approvals.approver,
      keepBackgroundCommands: true,
      ...(this.#options.baseUrl !== undefined && { baseUrl: this.#options.baseUrl }),
      ...(this.#options.apiKey !== undefined && { apiKey: this.#options.apiKey }),
      ...(this.#mode !== undefined && { permissionMode: this.#mode }),
    }
  }

  #onEvent(event: AgentEvent): void {
    if (event.type === 'run-started') this.#runId = event.runId
    const now = Date.now()
    if (event.type === 'tool-call' && event.toolId !== null) this.#calls.set(event.call.callId, event)
    const call = event.type === 'tool-result' ? this.#calls.get(event.result.callId) : undefined
    if (event.type !== 'tool-result' || call === undefined || call.toolId === null || event.result.isError) {
      this.#events = this.#events.then(() => this.#dispatch({ type: 'event', event, now }))
      return
    }
    this.#calls.delete(event.result.callId)
    // What an edit changed is shown as a diff; worked out in order with the events around it.
    const { toolId, call: made } = call
    this.#events = this.#events.then(async () => {
      const patch = await diffOfCall(toolId, argumentsOf(made.rawArguments), async () => undefined).catch(
        () => undefined,
      )
      this.#dispatch({ type: 'event', event, now, ...(patch !== undefined && { patch }) })
      this.#refreshBackground()
    })
  }

  #refreshBackground(): void {
    if (this.#runId === undefined) return
    const count = runningBackgroundCommands(this.host.store().runDir(this.#runId))
    this.#dispatch({ type: 'status', status: { backgroundCommands: count } })
  }
}

function argumentsOf(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}

/** A run that could not start or go on, as a `run-finished` event for the screen. */
function finished(runId: string | undefined, error: unknown, baseUrl: string | undefined): AgentEvent {
  const reason = isModelCallError(error)
    ? describeModelError(error, { ...(baseUrl !== undefined && { baseUrl }) })
    : error instanceof Error
      ? error.message
      : String(error)
  return { type: 'run-finished', runId: runId ?? '', status: 'failed', reason }
}

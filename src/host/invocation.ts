import { join } from 'node:path'
import { snapshotIndex } from '../snapshot/snapshot-index.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import { addAllowRule, type ProfileSource } from '../profile/profile-rules.js'
import { CallRecorder } from '../execution/record/call-recorder.js'
import { continueTurn, executeTurn, TurnPausedError, type TurnOutcome } from '../execution/execute-turn.js'
import type { ToolProgressEvent } from '../execution/run/run-call.js'
import type { TurnContext } from '../execution/turn-context.js'
import type { PendingTurn } from '../execution/pending-turn.js'
import { Gate, type GateTurn } from '../gate/gate.js'
import type { GateState } from '../gate/gate-state.js'
import type { ToolChoice } from '../gate/tool-choice.js'
import type { Approver } from '../permissions/approvals/approval-request.js'
import { alwaysRulesIn } from '../permissions/approvals/always-rule.js'
import type { AlwaysRules } from './always-rules.js'
import type { HookConfig } from '../permissions/hooks/hook-types.js'
import { DeferredSession } from '../deferred/deferred-session.js'
import { offeredBindings, type Snapshot } from '../snapshot/snapshot.js'
import { type SnapshotBinding } from '../snapshot/snapshot-binding.js'
import { callHistories } from '../store/call-history.js'
import type { RunStatus, Store } from '../store/store.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { ToolId } from '../core/tool-id.js'
import { checkpointVersion, type InvocationCheckpoint } from './invocation-checkpoint.js'
import { approvalRequestFor } from '../permissions/approvals/approval-request-for.js'
import { ReadState } from '../workspace/read-state.js'
import type { Workspace } from '../workspace/workspace.js'
import type { RunServices } from '../tool/run-services.js'

/** A turn handed to {@link Invocation.executeTurn}. */
export interface Turn extends GateTurn {
  /** Overrides the invocation's tool choice for this turn. */
  readonly toolChoice?: ToolChoice
  /** Cancels this turn's calls (besides the invocation's own signal). */
  readonly signal?: AbortSignal
  /** Writes of the caller that belong with the turn's own records (e.g. an agent's transcript). */
  readonly record?: TurnRecord
}

/**
 * Writes that share the turn's transactions, so that they cost no disk sync of their own: `before`
 * is written with the turn's first records, durably before any call runs; `after` with the
 * checkpoint that ends the turn, once every call has a result.
 */
export interface TurnRecord {
  readonly before?: () => void
  readonly after?: (results: readonly AgentToolResult[]) => void
}

/** What an invocation is made of; built by the host. */
export interface InvocationParts {
  readonly id: string
  readonly runId: string
  readonly snapshot: Snapshot
  readonly store: Store
  readonly checkpoint: InvocationCheckpoint
  readonly resolveTool: (id: ToolId) => CatalogTool | undefined
  readonly approver: Approver
  /** Where "allow always" writes rules. */
  readonly alwaysRules: AlwaysRules
  readonly hooks: HookConfig
  /** The invocation's file tree. */
  readonly workspace: Workspace
  /** The caller's signal and progress listener, passed on as given (undefined: none). */
  readonly signal?: AbortSignal | undefined
  readonly onProgress?: ((event: ToolProgressEvent) => void) | undefined
  /** Services of the agent run driving this invocation. */
  readonly run?: RunServices
}

/**
 * One agent over one model: a frozen snapshot and one gate. Turns run through
 * {@link Invocation.executeTurn}; every call is recorded in the store and the invocation is
 * checkpointed after each turn, so that it can be resumed in another process.
 *
 * @example
 * const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
 * const [result] = await inv.executeTurn({ calls: [{ callId: 'c1', name: 'dice_roll', arguments: '{"formula":"2d6"}' }] })
 */
export class Invocation {
  readonly id: string
  readonly runId: string
  readonly snapshot: Snapshot
  readonly acceptsImages: boolean
  readonly #parts: InvocationParts
  readonly #gate: Gate
  readonly #recorder: CallRecorder
  #profile: Profile
  #profileSource: ProfileSource
  readonly #toolChoice: ToolChoice
  #round: number
  #pendingTurn: PendingTurn | undefined
  readonly #readState: ReadState
  readonly #owner: string
  readonly #resolveTool: (id: ToolId) => CatalogTool | undefined

  constructor(parts: InvocationParts) {
    const { checkpoint } = parts
    this.id = parts.id
    this.runId = parts.runId
    this.snapshot = parts.snapshot
    this.acceptsImages = checkpoint.acceptsImages
    this.#parts = parts
    this.#profile = checkpoint.profile
    this.#profileSource = checkpoint.profileSource
    this.#toolChoice = checkpoint.toolChoice
    this.#round = checkpoint.round
    this.#pendingTurn = checkpoint.pendingTurn
    this.#readState = ReadState.from(checkpoint.readState, { requireReads: checkpoint.direct !== true })
    this.#owner = checkpoint.owner ?? 'user:local'
    // tools_search and tools_call are bound to this invocation: the search records what it finds in the gate.
    const deferred = new DeferredSession(parts.snapshot, (toolIds) => this.#gate.discover(toolIds))
    this.#resolveTool = (id) => deferred.resolveTool(id) ?? parts.resolveTool(id)
    this.#gate = new Gate({
      snapshot: parts.snapshot,
      maxCallsPerRun: checkpoint.profile.tools.maxCallsPerRun,
      resolveTool: this.#resolveTool,
      state: checkpoint.gateState,
    })
    this.#recorder = new CallRecorder(parts.store, parts.runId, parts.id)
  }

  /** The workspace the invocation's tools see. */
  get workspace(): Workspace {
    return this.#parts.workspace
  }

  /** The profile in force, including rules added by "allow always". */
  get profile(): Profile {
    return this.#profile
  }

  /** The profile file "allow always" writes to, or `undefined` when its rules apply to this invocation only. */
  get alwaysRulesFile(): string | undefined {
    return this.#parts.alwaysRules.where(this.#profileSource)
  }

  /**
   * Adds an allow rule to the profile in force and writes it where the profile's rules are kept
   * ({@link alwaysRulesFile}); returns that file, or `undefined` when the rule applies to this
   * invocation only. Adding a rule twice changes nothing.
   */
  async allowAlways(rule: string): Promise<string | undefined> {
    // A compound command or a call on several paths has several rules.
    for (const one of alwaysRulesIn(rule)) {
      this.#profile = addAllowRule(this.#profile, one)
      this.#profileSource = await this.#parts.alwaysRules.save(this.#profileSource, one)
    }
    return this.alwaysRulesFile
  }

  /**
   * Sets the permission mode for the calls from now on (a person's choice, e.g. a chat's `/mode`);
   * it is checkpointed with the profile in force, so a resume keeps it.
   */
  setPermissionMode(mode: Profile['permissions']['mode']): void {
    if (this.#profile.permissions.mode === mode) return
    this.#profile = { ...this.#profile, permissions: { ...this.#profile.permissions, mode } }
    this.#checkpoint()
  }

  /** The tool a call of `alias` reaches in this invocation's snapshot, when it names one. */
  toolByAlias(alias: string): CatalogTool | undefined {
    const binding = snapshotIndex(this.snapshot).byAlias(alias)
    return binding === undefined ? undefined : this.#resolveTool(binding.toolId)
  }

  /** A tool of this invocation by id, deferred ones included. */
  toolById(toolId: ToolId): CatalogTool | undefined {
    return this.#resolveTool(toolId)
  }

  /**
   * The tools to send to the model: the snapshot's bindings without the deferred ones (which
   * `tools_search` finds). `snapshot.bindings` is everything the invocation can call.
   */
  get offered(): SnapshotBinding[] {
    return offeredBindings(this.snapshot)
  }

  /**
   * Deferred tools a search has returned in this invocation (kept across resume). They may be
   * called by alias; a loop may add them to the tools it sends.
   */
  get discovered(): SnapshotBinding[] {
    const found = new Set(this.#gate.state.discovered ?? [])
    return this.snapshot.bindings.filter((binding) => found.has(binding.toolId))
  }

  /** The gate's counts, for checkpoints and resume. */
  get gateState(): GateState {
    return this.#gate.state
  }

  /** The number of turns executed so far. */
  get round(): number {
    return this.#round
  }

  /**
   * Records how the calls cut off by a crash ended: a call that was running when the process died
   * ends `outcome_unknown` (it may have acted) with the result the model is given for it.
   * Written at once, with nothing else.
   */
  recordInterrupted(results: readonly AgentToolResult[]): void {
    const byCall = new Map(results.map((result) => [result.callId, result]))
    for (const call of this.#parts.store.unfinishedCalls(this.id)) {
      const result = byCall.get(call.callId)
      if (!call.started || result === undefined || call.toolId === null) continue
      const history = callHistories(this.#parts.store.events({ invocationId: this.id, callId: call.callId })).at(-1)
      if (history === undefined) continue
      const toolId = call.toolId as ToolId
      const running = { callId: call.callId, alias: history.alias, round: history.round ?? this.#round, toolId }
      this.#recorder.restore([{ ...running, phase: 'running', input: {} }])
      this.#recorder.record({ ...running, phase: 'outcome_unknown', result: { ...result, toolId } })
    }
    this.#recorder.flush()
  }

  /** Ids of the approvals the paused turn waits for; empty when no turn is paused. */
  get pendingApprovals(): readonly string[] {
    return (
      this.#pendingTurn?.calls.flatMap((call) => (call.phase === 'awaiting_approval' ? [call.approvalId] : [])) ?? []
    )
  }

  /**
   * Executes a turn of tool calls and returns one result per call, in call order. Errors the model
   * can fix are results with `isError: true`.
   * @throws TurnPausedError when calls wait for durable approvals; decide them, then {@link continueTurn}
   * @throws FatalToolHostError for a turn on another snapshot or a tool-choice violation
   * @throws ToolRuntimeError when a tool fails in a way the model cannot fix
   */
  async executeTurn(turn: Turn): Promise<AgentToolResult[]> {
    if (this.#pendingTurn !== undefined)
      throw new Error(
        `A turn is waiting for approvals (${this.pendingApprovals.join(', ')}); decide them and call continueTurn().`,
      )
    this.#round += 1
    const context = this.#context(turn.signal)
    if (turn.record?.before !== undefined) this.#recorder.writeWithNextFlush(turn.record.before)
    return this.#settle(
      () => executeTurn({ ...turn, toolChoice: turn.toolChoice ?? this.#toolChoice }, context),
      turn.record?.after,
    )
  }

  /**
   * Continues the turn paused on approvals, with the decisions made since (here or in another
   * process), and returns the results of the whole turn in call order.
   * @throws TurnPausedError while some approvals are still pending
   */
  async continueTurn(
    options: { readonly signal?: AbortSignal; readonly record?: Pick<TurnRecord, 'after'> } = {},
  ): Promise<AgentToolResult[]> {
    const pending = this.#pendingTurn
    if (pending === undefined) throw new Error('No turn is waiting for approvals.')
    return this.#settle(
      () => continueTurn(pending, this.#context(options.signal), (id) => this.#parts.store.approvals.get(id)),
      options.record?.after,
    )
  }

  async #settle(
    run: () => Promise<TurnOutcome>,
    after?: (results: readonly AgentToolResult[]) => void,
  ): Promise<AgentToolResult[]> {
    let outcome: TurnOutcome
    try {
      outcome = await run()
    } catch (error) {
      this.#pendingTurn = undefined
      this.#checkpoint()
      this.#directRunIs('failed')
      throw error
    }
    if ('paused' in outcome) {
      this.#pendingTurn = outcome.paused
      this.#checkpoint()
      this.#directRunIs('paused')
      throw new TurnPausedError(this.id, this.pendingApprovals)
    }
    this.#pendingTurn = undefined
    this.#checkpoint(after === undefined ? undefined : () => after(outcome.results))
    this.#directRunIs(outcome.results.some((result) => result.isError) ? 'failed' : 'completed')
    return outcome.results
  }

  /** A direct invocation (calls by hand) is its run's one turn: the run ends, or waits, with it. */
  #directRunIs(status: RunStatus): void {
    if (this.#parts.checkpoint.direct === true) this.#parts.store.setRunStatus(this.runId, status)
  }

  #checkpoint(alongside?: () => void): void {
    const checkpoint: InvocationCheckpoint = {
      version: checkpointVersion,
      round: this.#round,
      gateState: this.#gate.state,
      profile: this.#profile,
      profileSource: this.#profileSource,
      toolChoice: this.#toolChoice,
      acceptsImages: this.acceptsImages,
      owner: this.#owner,
      readState: this.#readState.toJSON(),
      ...(this.#parts.checkpoint.direct === true && { direct: true }),
      ...(this.#parts.checkpoint.skills !== undefined && { skills: this.#parts.checkpoint.skills }),
      ...(this.#parts.checkpoint.processDirs !== undefined && { processDirs: this.#parts.checkpoint.processDirs }),
      ...(this.#parts.checkpoint.workspaceDir !== undefined && { workspaceDir: this.#parts.checkpoint.workspaceDir }),
      ...(this.#pendingTurn !== undefined && { pendingTurn: this.#pendingTurn }),
    }
    this.#recorder.flush(() => {
      this.#parts.store.saveCheckpoint(this.id, checkpoint)
      alongside?.()
    })
  }

  /** A running call's question to the approver; durable answers cannot come in time, so they count as no. */
  async #askMidCall(
    call: { callId: string; toolId: ToolId },
    request: { readonly reason: string; readonly detail: Record<string, unknown> },
    signals: AbortSignal[],
  ): Promise<boolean> {
    const alias = snapshotIndex(this.snapshot).aliasOf(call.toolId) ?? call.toolId
    const answer = await this.#approver(
      approvalRequestFor({
        runId: this.runId,
        invocationId: this.id,
        callId: call.callId,
        toolId: call.toolId,
        alias,
        input: request.detail,
        reason: request.reason,
        alwaysRule: call.toolId,
        duringCall: true,
      }),
      signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals),
    )
    const allowed = answer !== 'pending' && answer.behavior === 'allow'
    const approver =
      answer === 'pending' ? 'none (durable approval cannot be given during a call)' : (answer.approver ?? 'callback')
    this.#recorder.midCallApproval(call.callId, call.toolId, {
      behavior: allowed ? 'allow' : 'deny',
      reason: request.reason,
      approver,
    })
    return allowed
  }

  #context(turnSignal: AbortSignal | undefined): TurnContext {
    const signals = [this.#parts.signal, turnSignal].filter((s): s is AbortSignal => s !== undefined)
    const { store } = this.#parts
    return {
      snapshot: this.snapshot,
      runId: this.runId,
      invocationId: this.id,
      round: this.#round,
      gate: this.#gate,
      store,
      recorder: this.#recorder,
      runDir: store.runDir(this.runId),
      hostDirs: { runDir: store.runDir(this.runId), stateDir: join(store.dataDir, 'state') },
      hooks: this.#parts.hooks,
      workspace: this.#parts.workspace,
      readState: this.#readState,
      memory: store.memories(this.#owner),
      requestApproval: (call, request) => this.#askMidCall(call, request, signals),
      approver: (request, signal) => this.#approver(request, signal),
      signal: signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals),
      ...(this.#parts.onProgress !== undefined && { onProgress: this.#parts.onProgress }),
      ...(this.#parts.run !== undefined && { run: this.#parts.run }),
      resolveTool: this.#resolveTool,
      profile: () => this.#profile,
      profileSource: this.#profileSource,
      allowAlways: async (rule) => {
        await this.allowAlways(rule)
      },
    }
  }

  /** The invocation's approver, told where an "always" answer would write its rule. */
  async #approver(...[request, signal]: Parameters<Approver>): ReturnType<Approver> {
    const file = this.alwaysRulesFile
    return this.#parts.approver({ ...request, ...(file !== undefined && { alwaysRulesFile: file }) }, signal)
  }
}

import { stopBackgroundCommands } from '../../tools/background/index.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { Store } from '../../store/store.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { TranscriptEntry } from '../../store/transcript.js'
import { describeModelError, isModelCallError, type ResolvedModel } from '../providers/index.js'
import type { AgentEvent, AgentRunStatus } from './agent-events.js'
import type { InvocationEnd } from './invocation-end.js'
import { loadAgentProfiles } from './load-agent-profiles.js'
import { openAgent, reopenAgent } from './open-agent.js'
import { type ActiveAgent } from './active-agent.js'
import type { AgentRunOptions, AgentRunResult, AgentRunRuntime, ResumeRunOptions } from './run-options.js'
import { profileOf, type RunContext, type RunStart } from './run-context.js'
import { runInvocation, type NextStep } from './run-invocation.js'
import { RunLeaseHold } from './run-lease.js'
import { parseRunStart, toStoredRunStart } from './run-start-schema.js'

const handoffText = loadText(import.meta.url, 'texts/handoff-message.md')

/** Messages of the conversation placed in the transcript; older ones are found with the chat tools. */
const conversationWindow = 20

/**
 * One run of the agent runtime: the chain of invocations (the first agent, then handoff targets),
 * run events, and the run's status in the store. Children run beside their agent (see
 * `delegated-child.ts`) and are cancelled when it ends.
 */
export class AgentRun implements RunContext {
  readonly runtime: AgentRunRuntime
  readonly store: Store
  readonly runId: string
  readonly model: ResolvedModel
  readonly start: RunStart
  readonly profiles: readonly Profile[]
  readonly signal: AbortSignal
  /** What the person asked of a run that ended, for the first agent that runs. */
  #next: NextStep | undefined

  private constructor(
    runtime: AgentRunRuntime,
    runId: string,
    model: ResolvedModel,
    start: RunStart,
    profiles: readonly Profile[],
  ) {
    this.runtime = runtime
    this.store = runtime.host.store()
    this.runId = runId
    this.model = model
    this.start = start
    this.profiles = profiles
    this.signal = runtime.signal ?? new AbortController().signal
  }

  /** Starts a new run and drives it to its end or a pause. */
  static async start(options: AgentRunOptions, model: ResolvedModel): Promise<AgentRunResult> {
    const { host } = options
    const store = host.store()
    const scope = options.scope ?? 'session'
    const { profile } = await host.resolveProfile(options.profile)
    const runId = store.createRun({ scope, profileId: profile.id }).id
    const start: RunStart = {
      prompt: options.prompt,
      model: model.spec,
      baseUrl: model.baseUrl,
      scope,
      owner: options.owner ?? 'user:local',
      conversation: options.conversation ?? [],
      ...(options.lorebook !== undefined && { lorebook: options.lorebook }),
      ...(options.correlationId !== undefined && { correlationId: options.correlationId }),
    }
    store.appendRunEvent(runId, 'run_started', toStoredRunStart(start, profile.id))
    const lease = RunLeaseHold.acquire(store, runId)
    const run = await AgentRun.#create(options, runId, model, start, lease)
    run.emit({ type: 'run-started', runId, model: model.spec, resumed: false })
    return run.#drive(() => openAgent(run, options.profile ?? 'default', 'main', run.#openingEntries()), lease)
  }

  /**
   * Resumes a stored run from its active invocation; with `next`, a run that ended goes on with the
   * person's next message (a chat's next turn), or has its history compacted now.
   */
  static async resume(
    options: ResumeRunOptions,
    modelFor: (start: RunStart) => ResolvedModel,
    next?: NextStep,
  ): Promise<AgentRunResult> {
    const { host, runId } = options
    const store = host.store()
    const record = store.getRun(runId)
    if (record === undefined) throw new Error(`No run ${runId} in the store; see "toolhost runs list".`)
    if (next === undefined && (record.status === 'completed' || record.status === 'failed'))
      // A cancelled run stopped on request, not because it was done: it goes on from where it stopped.
      throw new Error(
        `Run ${runId} has ended (${record.status}); only running, paused or cancelled runs can be resumed.`,
      )
    if (next !== undefined && record.status === 'paused')
      throw new Error(
        `Run ${runId} waits for approval; decide it ("toolhost approvals") and resume it before going on.`,
      )
    const started = store.runEvents(runId, { type: 'run_started' })[0]
    if (started === undefined)
      throw new Error(`Run ${runId} was not started by the agent loop, so it cannot be resumed as a run.`)
    const start = parseRunStart(started.data, runId)
    const model = modelFor(start)
    const active = store
      .runEvents(runId, { type: 'invocation_started' })
      .findLast((event) => event.data.mode !== 'child')
    if (active === undefined) throw new Error(`Run ${runId} has no agent invocation to resume.`)
    // Before anything changes: a run another live process drives is not touched.
    const lease = RunLeaseHold.acquire(store, runId)
    const run = await AgentRun.#create(options, runId, model, start, lease)
    run.#next = next
    store.setRunStatus(runId, 'running')
    run.emit({ type: 'run-started', runId, model: model.spec, resumed: true })
    return run.#drive(
      () => reopenAgent(run, String(active.data.invocationId), String(active.data.agentId), String(active.data.system)),
      lease,
    )
  }

  /** The run object, once the agent profiles are read; the lease is given up if that fails. */
  static async #create(
    runtime: AgentRunRuntime,
    runId: string,
    model: ResolvedModel,
    start: RunStart,
    lease: RunLeaseHold,
  ): Promise<AgentRun> {
    try {
      return new AgentRun(runtime, runId, model, start, (await loadAgentProfiles(runtime.host.dataDir)).profiles)
    } catch (error) {
      lease.release()
      throw error
    }
  }

  emit(event: AgentEvent): void {
    this.runtime.onEvent?.(event)
  }

  runAgent(agent: ActiveAgent, signal: AbortSignal = this.signal): Promise<InvocationEnd> {
    const next = this.#next
    this.#next = undefined
    return runInvocation({
      ...(next !== undefined && { next }),
      invocation: agent.invocation,
      agentId: agent.agentId,
      model: this.model,
      store: this.store,
      system: agent.system,
      flags: agent.flags,
      returnMode: agent.returnMode,
      signal,
      emit: (event) => this.emit(event),
      ...(this.runtime.sleep !== undefined && { sleep: this.runtime.sleep }),
      ...(this.runtime.turnExecutor !== undefined && { turnExecutor: this.runtime.turnExecutor }),
    })
  }

  /** The first transcript entries: recent conversation messages, then the prompt. */
  #openingEntries(): TranscriptEntry[] {
    const { conversation } = this.start
    // System notes that open the conversation (a summary of what fell out of the window) stay ahead of it.
    const notes = conversation.findIndex((message) => message.role !== 'system')
    const lead = notes === -1 ? conversation.length : notes
    const recent = [...conversation.slice(0, lead), ...conversation.slice(lead).slice(-conversationWindow)]
    const entries: TranscriptEntry[] = recent.map((message): TranscriptEntry =>
      message.role === 'assistant'
        ? { kind: 'assistant', text: message.text, calls: [], prior: true }
        : { kind: 'user', text: message.text, ...(message.name !== undefined && { name: message.name }) },
    )
    entries.push({ kind: 'user', text: this.start.prompt, task: true })
    return entries
  }

  /** Runs agents until the run ends: a handoff opens the next invocation in the same run. */
  async #drive(open: () => Promise<ActiveAgent>, lease: RunLeaseHold): Promise<AgentRunResult> {
    let agent: ActiveAgent | undefined
    try {
      agent = await open()
      for (;;) {
        if (this.runtime.permissionMode !== undefined) agent.invocation.setPermissionMode(this.runtime.permissionMode)
        const end = await this.runAgent(agent)
        await agent.children?.cancelAll('the delegating agent ended')
        if (end.kind !== 'handoff') {
          // Background commands live as long as the run: a pause keeps them, an end stops them.
          if (end.kind !== 'paused' && this.runtime.keepBackgroundCommands !== true)
            await stopBackgroundCommands(this.store.runDir(this.runId))
          return this.#finish(end, agent.invocation.id)
        }
        this.store.appendRunEvent(this.runId, 'handoff', { from: agent.agentId, to: end.agentId, message: end.message })
        this.emit({ type: 'handoff', from: agent.agentId, to: end.agentId })
        agent = await openAgent(this, profileOf(this, end.agentId), 'handoff', [
          { kind: 'user', text: this.start.prompt, task: true },
          { kind: 'user', text: fillText(handoffText, { from: agent.agentId, message: end.message }) },
        ])
      }
    } catch (error) {
      await agent?.children?.cancelAll('the run ended')
      const status: AgentRunStatus = this.signal.aborted ? 'cancelled' : 'failed'
      // A failed model call (after its retries) is how a run may end, told in one line; other errors are defects or store problems.
      const modelFailure = status === 'failed' && isModelCallError(error)
      const reason =
        status === 'cancelled'
          ? 'cancelled'
          : modelFailure
            ? describeModelError(error, { spec: this.model.spec, baseUrl: this.model.baseUrl })
            : error instanceof Error
              ? error.message
              : String(error)
      if (this.runtime.keepBackgroundCommands !== true) await stopBackgroundCommands(this.store.runDir(this.runId))
      this.store.appendRunEvent(this.runId, 'finished', { status, reason })
      this.store.setRunStatus(this.runId, status)
      this.emit({ type: 'run-finished', runId: this.runId, status, reason })
      if (status === 'cancelled' || modelFailure) return this.#result(status, reason, '', [])
      throw error
    } finally {
      lease.release()
    }
  }

  #finish(end: Exclude<InvocationEnd, { kind: 'handoff' }>, invocationId: string): AgentRunResult {
    if (end.kind === 'paused') {
      this.store.setRunStatus(this.runId, 'paused')
      this.emit({ type: 'paused', invocationId, approvalIds: end.approvalIds })
      return this.#result('paused', 'waiting for approval', this.#replies().at(-1) ?? '', end.approvalIds)
    }
    const status: AgentRunStatus = end.kind === 'failed' ? 'failed' : 'completed'
    const reason = end.kind === 'returned' ? 'returned' : end.reason
    const text =
      end.kind === 'failed'
        ? (this.#replies().at(-1) ?? '')
        : end.kind === 'returned'
          ? end.result.summary
          : this.start.scope === 'chat'
            ? (this.#replies().at(-1) ?? end.text)
            : end.text
    this.store.appendRunEvent(this.runId, 'finished', { status, reason, text })
    this.store.setRunStatus(this.runId, status)
    this.emit({ type: 'run-finished', runId: this.runId, status, reason })
    return this.#result(status, reason, text, [])
  }

  #replies(): string[] {
    return this.store.runEvents(this.runId, { type: 'reply' }).map((event) => event.data.text)
  }

  #result(status: AgentRunStatus, reason: string, text: string, approvalIds: readonly string[]): AgentRunResult {
    return { runId: this.runId, status, reason, text, replies: this.#replies(), approvalIds }
  }
}

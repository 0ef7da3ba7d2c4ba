import { randomUUID } from 'node:crypto'
import type { Profile } from '../../catalog/profile-schema.js'
import type { Scope } from '../../catalog/scope.js'
import type { Invocation } from '../../host/invocation.js'
import { durableApprover } from '../../permissions/approvals/approval-request.js'
import type { Store } from '../../store/store.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { ChatMessage, DelegatedTask, Lorebook, RunFeature, TaskReturn } from '../../tool/run-services.js'
import type { TranscriptEntry } from '../history/transcript.js'
import type { ResolvedModel } from '../providers/index.js'
import { loadSkills, skillsPromptSection, visibleSkills } from '../skills/index.js'
import { agentCatalog, agentsPromptSection, SubAgentManager } from '../sub-agents/index.js'
import type { AgentEvent, AgentRunStatus, InvocationMode } from './agent-events.js'
import type { InvocationEnd } from './invocation-end.js'
import { loadAgentProfiles } from './load-agent-profiles.js'
import type { AgentRunOptions, AgentRunResult, AgentRunRuntime, ResumeRunOptions } from './run-agent.js'
import { newRunFlags, type RunFlags } from './run-flags.js'
import { runInvocation } from './run-invocation.js'
import { createRunServices } from './run-services.js'
import { aliasIn, buildSystemPrompt } from './system-prompt.js'

const handoffText = loadText(import.meta.url, 'texts/handoff-message.md')
const taskText = loadText(import.meta.url, 'texts/delegated-task.md')

/** Messages of the conversation placed in the transcript; older ones are found with the chat tools. */
const conversationWindow = 20

/** What the run stored when it started, so that any process can resume it. */
interface RunStart {
  readonly prompt: string
  readonly model: string
  readonly scope: Scope
  readonly owner: string
  readonly conversation: readonly ChatMessage[]
  readonly lorebook?: Lorebook
}

/** One agent of the run at work: its invocation, system prompt, flags and children. */
interface ActiveAgent {
  readonly invocation: Invocation
  readonly agentId: string
  readonly system: string
  readonly flags: RunFlags
  readonly children?: SubAgentManager
  readonly returnMode: boolean
}

/**
 * One run of the agent runtime: the chain of invocations (the first agent, then handoff targets),
 * delegated children, run events, and the run's status in the store.
 */
export class AgentRun {
  readonly #runtime: AgentRunRuntime
  readonly #store: Store
  readonly #runId: string
  readonly #model: ResolvedModel
  readonly #start: RunStart
  readonly #controller = new AbortController()
  readonly #profiles: readonly Profile[]

  private constructor(runtime: AgentRunRuntime, runId: string, model: ResolvedModel, start: RunStart, profiles: readonly Profile[]) {
    this.#runtime = runtime
    this.#store = runtime.host.store()
    this.#runId = runId
    this.#model = model
    this.#start = start
    this.#profiles = profiles
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
      scope,
      owner: options.owner ?? 'user:local',
      conversation: options.conversation ?? [],
      ...(options.lorebook !== undefined && { lorebook: options.lorebook }),
    }
    store.appendRunEvent(runId, 'run_started', { ...start, profileId: profile.id })
    const run = new AgentRun(options, runId, model, start, (await loadAgentProfiles(host.dataDir)).profiles)
    run.#emit({ type: 'run-started', runId, model: model.spec, resumed: false })
    return run.#drive(() => run.#openAgent(options.profile ?? profile, 'main', run.#openingEntries()))
  }

  /** Resumes a stored run from its active invocation. */
  static async resume(options: ResumeRunOptions, modelFor: (spec: string) => ResolvedModel): Promise<AgentRunResult> {
    const { host, runId } = options
    const store = host.store()
    const record = store.getRun(runId)
    if (record === undefined) throw new Error(`No run ${runId} in the store; see "toolhost runs list".`)
    if (record.status === 'completed' || record.status === 'failed' || record.status === 'cancelled') throw new Error(`Run ${runId} has ended (${record.status}); only running or paused runs can be resumed.`)
    const started = store.runEvents(runId, { type: 'run_started' })[0]
    if (started === undefined) throw new Error(`Run ${runId} was not started by the agent loop, so it cannot be resumed as a run.`)
    const start = started.data as unknown as RunStart
    const model = modelFor(start.model)
    const run = new AgentRun(options, runId, model, start, (await loadAgentProfiles(host.dataDir)).profiles)
    const active = store.runEvents(runId, { type: 'invocation_started' }).findLast((event) => event.data.mode !== 'child')
    if (active === undefined) throw new Error(`Run ${runId} has no agent invocation to resume.`)
    store.setRunStatus(runId, 'running')
    run.#emit({ type: 'run-started', runId, model: model.spec, resumed: true })
    return run.#drive(() => run.#reopenAgent(String(active.data.invocationId), String(active.data.agentId), String(active.data.system)))
  }

  #emit(event: AgentEvent): void {
    this.#runtime.onEvent?.(event)
  }

  get #signal(): AbortSignal {
    return this.#runtime.signal === undefined ? this.#controller.signal : AbortSignal.any([this.#runtime.signal, this.#controller.signal])
  }

  /** The first transcript entries: recent conversation messages, then the prompt. */
  #openingEntries(): TranscriptEntry[] {
    const recent = this.#start.conversation.slice(-conversationWindow)
    const entries: TranscriptEntry[] = recent.map((message): TranscriptEntry =>
      message.role === 'assistant' ? { kind: 'assistant', text: message.text, calls: [] } : { kind: 'user', text: message.text, ...(message.name !== undefined && { name: message.name }) },
    )
    entries.push({ kind: 'user', text: this.#start.prompt })
    return entries
  }

  /** Runs agents until the run ends: handoffs open the next invocation in the same run. */
  async #drive(open: () => Promise<ActiveAgent>): Promise<AgentRunResult> {
    let agent: ActiveAgent | undefined
    try {
      agent = await open()
      for (;;) {
        const end = await this.#runAgent(agent)
        await agent.children?.cancelAll('the delegating agent ended')
        if (end.kind === 'handoff') {
          this.#store.appendRunEvent(this.#runId, 'handoff', { from: agent.agentId, to: end.agentId, message: end.message })
          this.#emit({ type: 'handoff', from: agent.agentId, to: end.agentId })
          const target = this.#profileOf(end.agentId)
          agent = await this.#openAgent(target, 'handoff', [
            { kind: 'user', text: this.#start.prompt },
            { kind: 'user', text: fillText(handoffText, { from: agent.agentId, message: end.message }) },
          ])
          continue
        }
        return this.#finish(end, agent.invocation.id)
      }
    } catch (error) {
      await agent?.children?.cancelAll('the run ended')
      const cancelled = this.#signal.aborted
      const reason = cancelled ? 'cancelled' : error instanceof Error ? error.message : String(error)
      this.#store.appendRunEvent(this.#runId, 'finished', { status: cancelled ? 'cancelled' : 'failed', reason })
      this.#store.setRunStatus(this.#runId, cancelled ? 'cancelled' : 'failed')
      this.#emit({ type: 'run-finished', runId: this.#runId, status: cancelled ? 'cancelled' : 'failed', reason })
      if (cancelled) return this.#result('cancelled', 'cancelled', '', [])
      throw error
    }
  }

  #finish(end: InvocationEnd, invocationId: string): AgentRunResult {
    const replies = this.#store.runEvents(this.#runId, { type: 'reply' }).map((event) => String(event.data.text))
    if (end.kind === 'paused') {
      this.#store.setRunStatus(this.#runId, 'paused')
      this.#emit({ type: 'paused', invocationId, approvalIds: end.approvalIds })
      return this.#result('paused', 'waiting for approval', replies.at(-1) ?? '', end.approvalIds)
    }
    const status: AgentRunStatus = end.kind === 'failed' ? 'failed' : 'completed'
    const reason = end.kind === 'failed' ? end.reason : end.kind === 'completed' ? end.reason : 'returned'
    const text = end.kind === 'completed' ? (this.#start.scope === 'chat' ? (replies.at(-1) ?? end.text) : end.text) : end.kind === 'returned' ? end.result.summary : (replies.at(-1) ?? '')
    this.#store.appendRunEvent(this.#runId, 'finished', { status, reason, text })
    this.#store.setRunStatus(this.#runId, status)
    this.#emit({ type: 'run-finished', runId: this.#runId, status, reason })
    return this.#result(status, reason, text, [])
  }

  #result(status: AgentRunStatus, reason: string, text: string, approvalIds: readonly string[]): AgentRunResult {
    const replies = this.#store.runEvents(this.#runId, { type: 'reply' }).map((event) => String(event.data.text))
    return { runId: this.#runId, status, reason, text, replies, approvalIds }
  }

  #runAgent(agent: ActiveAgent, signal: AbortSignal = this.#signal): Promise<InvocationEnd> {
    return runInvocation({
      invocation: agent.invocation,
      agentId: agent.agentId,
      model: this.#model,
      store: this.#store,
      system: agent.system,
      flags: agent.flags,
      returnMode: agent.returnMode,
      signal,
      emit: (event) => this.#emit(event),
      ...(this.#runtime.sleep !== undefined && { sleep: this.#runtime.sleep }),
    })
  }

  #profileOf(agentId: string): Profile {
    const profile = this.#profiles.find((candidate) => candidate.id === agentId)
    if (profile === undefined) throw new Error(`No profile "${agentId}" in the profiles directory.`)
    return profile
  }

  /** Creates an invocation for an agent of this run and stores its opening entries. */
  async #openAgent(profileRef: AgentRunOptions['profile'] & {}, mode: InvocationMode, entries: readonly TranscriptEntry[], child?: { readonly childId: string; readonly signal: AbortSignal; readonly parent: string }): Promise<ActiveAgent> {
    const { host } = this.#runtime
    const { profile } = await host.resolveProfile(profileRef)
    const returnMode = mode === 'child'
    const agents = returnMode ? [] : agentCatalog(this.#profiles, profile)
    const skills = host.skillsDir === undefined ? [] : visibleSkills((await loadSkills(host.skillsDir)).skills, profile)
    const features: RunFeature[] = ['run']
    if (returnMode) features.push('return')
    if (agents.length > 0) features.push('delegation')
    if (this.#start.lorebook !== undefined) features.push('lorebook')
    const flags = newRunFlags()
    const ids = { invocationId: '' }
    const children = agents.length > 0 ? this.#childManager(profile, agents, flags, () => ids.invocationId) : undefined
    const services = this.#services(profile.id, flags, returnMode, () => ids.invocationId, children)
    const invocation = await host.createInvocation({
      profile,
      scope: this.#start.scope,
      protocol: this.#model.protocol,
      acceptsImages: this.#model.acceptsImages,
      contextTokens: this.#model.contextTokens,
      runId: this.#runId,
      owner: this.#start.owner,
      approver: this.#runtime.approver ?? durableApprover,
      signal: child?.signal ?? this.#signal,
      run: services,
      features,
      ...(host.skillsDir !== undefined && { skills: skills.map((skill) => skill.folder) }),
    })
    ids.invocationId = invocation.id
    const system = buildSystemPrompt({
      profile,
      snapshot: invocation.snapshot,
      returnMode,
      skills: skillsPromptSection(skills, aliasIn(invocation.snapshot, 'builtin:workspace.read_file')),
      agents: agentsPromptSection(agents),
    })
    this.#store.appendRunEvent(this.#runId, 'invocation_started', {
      invocationId: invocation.id,
      agentId: profile.id,
      mode,
      system,
      ...(child !== undefined && { parentInvocationId: child.parent, childId: child.childId }),
    })
    for (const entry of entries) this.#store.appendTranscript(invocation.id, entry)
    this.#emit({ type: 'invocation-started', invocationId: invocation.id, agentId: profile.id, mode })
    return { invocation, agentId: profile.id, system, flags, returnMode, ...(children !== undefined && { children }) }
  }

  /** Reopens the active invocation of a stored run with fresh services (children do not survive a restart). */
  async #reopenAgent(invocationId: string, agentId: string, system: string): Promise<ActiveAgent> {
    const { host } = this.#runtime
    const record = this.#store.getInvocation(invocationId)
    if (record === undefined) throw new Error(`No invocation ${invocationId} in the store.`)
    const self = this.#profiles.find((candidate) => candidate.id === agentId)
    const agents = self === undefined ? [] : agentCatalog(this.#profiles, self)
    const flags = newRunFlags()
    const children = self !== undefined && agents.length > 0 ? this.#childManager(self, agents, flags, () => invocationId) : undefined
    const services = this.#services(agentId, flags, false, () => invocationId, children)
    const invocation = await host.resumeInvocation(invocationId, { approver: this.#runtime.approver ?? durableApprover, signal: this.#signal, run: services })
    return { invocation, agentId, system, flags, returnMode: false, ...(children !== undefined && { children }) }
  }

  #services(agentId: string, flags: RunFlags, returnMode: boolean, invocationId: () => string, delegation?: SubAgentManager) {
    return createRunServices({
      runId: this.#runId,
      invocationId,
      agentId,
      store: this.#store,
      flags,
      conversation: [...this.#start.conversation, { role: 'user', text: this.#start.prompt }],
      ...(this.#start.lorebook !== undefined && { lorebook: this.#start.lorebook }),
      returnMode,
      ...(delegation !== undefined && { delegation }),
      emit: (event) => this.#emit(event),
    })
  }

  #childManager(self: Profile, agents: ReturnType<typeof agentCatalog>, flags: RunFlags, parent: () => string): SubAgentManager {
    return new SubAgentManager({
      agents: () => agents,
      handoffDepth: this.#store.runEvents(this.#runId, { type: 'handoff' }).length,
      onHandoff: (agentId, message) => {
        flags.handoff = { agentId, message }
      },
      newId: () => `child_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      signal: this.#signal,
      startChild: async ({ childId, agentId, task, signal }) => this.#runChild(self, childId, agentId, task, signal, parent()),
    })
  }

  async #runChild(self: Profile, childId: string, agentId: string, task: DelegatedTask, signal: AbortSignal, parent: string): Promise<TaskReturn> {
    const lines = [fillText(taskText, { objective: task.objective })]
    if (task.context !== undefined) lines.push(task.context)
    if (task.expectedOutput !== undefined) lines.push(task.expectedOutput)
    this.#store.appendRunEvent(this.#runId, 'child_started', { childId, agentId, by: self.id })
    const childSignal = AbortSignal.any([signal, this.#signal])
    try {
      const child = await this.#openAgent(this.#profileOf(agentId), 'child', [{ kind: 'user', text: lines.join('\n\n') }], { childId, signal: childSignal, parent })
      const end = await this.#runAgent(child, childSignal)
      const result = childResult(end)
      this.#store.appendRunEvent(this.#runId, 'child_ended', { childId, agentId, status: result.status })
      return result
    } catch (error) {
      this.#store.appendRunEvent(this.#runId, 'child_ended', { childId, agentId, status: 'failed', error: error instanceof Error ? error.message : String(error) })
      throw error
    }
  }
}

/** A child's end as its delegating agent sees it. */
function childResult(end: InvocationEnd): TaskReturn {
  switch (end.kind) {
    case 'returned':
      return end.result
    case 'completed':
      return { summary: end.text, status: 'completed', artifacts: [] }
    case 'paused':
      throw new Error('the child needs an approval that can only be given later; a delegated task cannot wait for it')
    case 'failed':
      throw new Error(end.reason)
    case 'handoff':
      throw new Error('a delegated child cannot hand off')
  }
}

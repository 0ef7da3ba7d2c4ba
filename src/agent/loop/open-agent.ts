import type { TaskReturn } from '../../tool/run-services.js'
import type { ActiveAgent, ChildOrigin } from './active-agent.js'
import { randomUUID } from 'node:crypto'
import type { ProfileOverrides } from '../../profile/load-profile.js'
import type { Profile } from '../../profile/profile-schema.js'
import { durableApprover } from '../../permissions/approvals/approval-request.js'
import type { AgentCard, RunFeature, RunServices } from '../../tool/run-services.js'
import type { TranscriptEntry } from '../../store/transcript.js'
import { loadSkills, skillsPromptSection, visibleSkills } from '../skills/index.js'
import { agentCatalog, agentsPromptSection, SubAgentManager } from '../sub-agents/index.js'
import type { InvocationMode } from './agent-events.js'
import { childResult, taskPrompt, type ChildRequest } from './delegated-child.js'
import { newRunFlags, type RunFlags } from './run-flags.js'
import { profileOf, type RunContext } from './run-context.js'
import { createRunServices } from './run-services.js'
import { aliasIn, buildSystemPrompt } from './system-prompt.js'
import { toolProgressListener } from './tool-progress.js'
import { invocationProjectContext } from './project-context.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import type { ToolId } from '../../core/tool-id.js'

/**
 * Opens an agent in the run: its invocation with the run features it has (run tools, return mode,
 * delegation when it has callable agents, the lorebook), its visible skills mounted, its system
 * prompt (stored with the `invocation_started` event so a resume uses the same), and its opening
 * transcript entries.
 */
export async function openAgent(
  run: RunContext,
  profileRef: string | Profile | ProfileOverrides,
  mode: InvocationMode,
  entries: readonly TranscriptEntry[],
  child?: ChildOrigin,
): Promise<ActiveAgent> {
  const { host } = run.runtime
  const { profile, source } = await host.resolveProfile(profileRef)
  const returnMode = mode === 'child'
  // Children do not delegate further: the per-run limits stay easy to reason about.
  const agents = returnMode ? [] : agentCatalog(run.profiles, profile)
  const skills = host.skillsDir === undefined ? [] : visibleSkills((await loadSkills(host.skillsDir)).skills, profile)
  const features: RunFeature[] = ['run']
  if (returnMode) features.push('return')
  if (agents.length > 0) features.push('delegation')
  if (run.start.lorebook !== undefined) features.push('lorebook')
  if (run.runtime.schedules !== undefined && !returnMode) features.push('schedules')
  const ids: { invocationId: string; snapshot?: Snapshot } = { invocationId: '' }
  const { flags, children, services } = agentServices(
    run,
    profile.id,
    profile,
    agents,
    returnMode,
    () => ids.invocationId,
  )
  const invocation = await host.createInvocation({
    profile,
    // "Allow always" writes to the profile's file (--profile FILE, a stored profile), not only to this invocation.
    profileSource: source,
    scope: run.start.scope,
    protocol: run.model.protocol,
    acceptsImages: run.model.acceptsImages,
    contextTokens: run.model.contextTokens,
    runId: run.runId,
    owner: run.start.owner,
    approver: run.runtime.approver ?? durableApprover,
    signal: child?.signal ?? run.signal,
    run: services,
    // Calls run only once the invocation exists, so its snapshot is there to name their tools.
    onProgress: toolProgressListener(
      profile.id,
      (toolId) => snapshotAlias(ids.snapshot, toolId),
      (event) => run.emit(event),
    ),
    features,
    ...(host.skillsDir !== undefined && { skills: skills.map((skill) => skill.folder) }),
  })
  ids.invocationId = invocation.id
  ids.snapshot = invocation.snapshot
  const system = buildSystemPrompt({
    profile,
    snapshot: invocation.snapshot,
    returnMode,
    skills: skillsPromptSection(skills, aliasIn(invocation.snapshot, 'builtin:workspace.read_file')),
    agents: agentsPromptSection(agents, (id) => aliasIn(invocation.snapshot, id)),
    project: await invocationProjectContext(invocation, profile, new Date()),
  })
  run.store.appendRunEvent(run.runId, 'invocation_started', {
    invocationId: invocation.id,
    agentId: profile.id,
    mode,
    system,
    ...(child !== undefined && { parentInvocationId: child.parentInvocationId, childId: child.childId }),
  })
  for (const entry of entries) run.store.appendTranscript(invocation.id, entry)
  run.emit({ type: 'invocation-started', invocationId: invocation.id, agentId: profile.id, mode })
  return { invocation, agentId: profile.id, system, flags, returnMode, ...(children !== undefined && { children }) }
}

/**
 * Reopens the active (non-child) invocation of a stored run with fresh services. Its snapshot,
 * gate counts and system prompt are the stored ones; children of the earlier process are gone.
 */
export async function reopenAgent(
  run: RunContext,
  invocationId: string,
  agentId: string,
  system: string,
): Promise<ActiveAgent> {
  const self = run.profiles.find((candidate) => candidate.id === agentId)
  const agents = self === undefined ? [] : agentCatalog(run.profiles, self)
  const { flags, children, services } = agentServices(run, agentId, self, agents, false, () => invocationId)
  const opened: { snapshot?: Snapshot } = {}
  const invocation = await run.runtime.host.resumeInvocation(invocationId, {
    approver: run.runtime.approver ?? durableApprover,
    signal: run.signal,
    run: services,
    onProgress: toolProgressListener(
      agentId,
      (toolId) => snapshotAlias(opened.snapshot, toolId),
      (event) => run.emit(event),
    ),
  })
  opened.snapshot = invocation.snapshot
  return { invocation, agentId, system, flags, returnMode: false, ...(children !== undefined && { children }) }
}

/** A tool's alias in the invocation's snapshot, or its id before there is one. */
function snapshotAlias(snapshot: Snapshot | undefined, toolId: ToolId): string {
  return snapshot === undefined ? toolId : aliasIn(snapshot, toolId)
}

/** The flags, children manager and run services of one agent. */
function agentServices(
  run: RunContext,
  agentId: string,
  self: Profile | undefined,
  agents: readonly AgentCard[],
  returnMode: boolean,
  invocationId: () => string,
): { flags: RunFlags; children?: SubAgentManager; services: RunServices } {
  const flags = newRunFlags()
  const children =
    self === undefined || agents.length === 0
      ? undefined
      : new SubAgentManager({
          agents: () => agents,
          handoffDepth: run.store.runEvents(run.runId, { type: 'handoff' }).length,
          startedBefore: run.store.runEvents(run.runId, { type: 'child_started' }).length,
          onHandoff: (agentId, message) => {
            flags.handoff = { agentId, message }
          },
          newId: () => `child_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
          signal: run.signal,
          startChild: ({ childId, agentId: target, task, signal }) =>
            runDelegatedChild(run, {
              by: agentId,
              childId,
              agentId: target,
              task,
              signal,
              parentInvocationId: invocationId(),
            }),
        })
  const services = createRunServices({
    runId: run.runId,
    invocationId,
    agentId,
    store: run.store,
    flags,
    conversation: [...run.start.conversation, { role: 'user', text: run.start.prompt }],
    ...(run.start.lorebook !== undefined && { lorebook: run.start.lorebook }),
    returnMode,
    ...(children !== undefined && { delegation: children }),
    ...(run.runtime.schedules !== undefined && !returnMode && { schedules: run.runtime.schedules }),
    emit: (event) => run.emit(event),
  })
  return { flags, ...(children !== undefined && { children }), services }
}

// Opening an agent and running a delegated child call each other (a child is an agent that may
// delegate again), so both live here.
/**
 * Runs a delegated child in return mode in the same run, with `child_started` / `child_ended`
 * events, and resolves with what it returned. It is cancelled with its signal or the run's.
 * @throws Error when the child fails, needs a durable approval, or is cancelled
 */
export async function runDelegatedChild(run: RunContext, request: ChildRequest): Promise<TaskReturn> {
  const { childId, agentId } = request
  run.store.appendRunEvent(run.runId, 'child_started', { childId, agentId, by: request.by })
  const signal = AbortSignal.any([request.signal, run.signal])
  try {
    const child = await openAgent(
      run,
      profileOf(run, agentId),
      'child',
      [{ kind: 'user', text: taskPrompt(request.task), task: true }],
      { childId, signal, parentInvocationId: request.parentInvocationId },
    )
    const result = childResult(await run.runAgent(child, signal))
    run.store.appendRunEvent(run.runId, 'child_ended', { childId, agentId, status: result.status })
    return result
  } catch (error) {
    run.store.appendRunEvent(run.runId, 'child_ended', {
      childId,
      agentId,
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
    })
    throw error
  }
}

import type { Profile } from '../../profile/profile-schema.js'
import type { Scope } from '../../core/scope.js'
import type { Store } from '../../store/store.js'
import type { ChatMessage, Lorebook } from '../../tool/run-services.js'
import type { ResolvedModel } from '../providers/index.js'
import type { AgentEvent } from './agent-events.js'
import type { ActiveAgent } from './active-agent.js'
import type { InvocationEnd } from './invocation-end.js'
import type { AgentRunRuntime } from './run-options.js'

/** What a run stored when it started (`run_started`), so that any process can resume it. */
export interface RunStart {
  readonly prompt: string
  readonly model: string
  /** Where the model was reached, so that a resume reaches it again without `--base-url`. */
  readonly baseUrl?: string
  readonly scope: Scope
  readonly owner: string
  readonly conversation: readonly ChatMessage[]
  readonly lorebook?: Lorebook
  /** The id that ties the run to the message that started it in the logs (the daemon's). */
  readonly correlationId?: string
}

/** What the parts of a run (opening agents, running children) share. */
export interface RunContext {
  readonly runtime: AgentRunRuntime
  readonly store: Store
  readonly runId: string
  readonly model: ResolvedModel
  readonly start: RunStart
  /** The profiles of `<dataDir>/profiles/`, for the agent catalog and delegation targets. */
  readonly profiles: readonly Profile[]
  /** Aborted when the run is cancelled or ends. */
  readonly signal: AbortSignal
  emit(event: AgentEvent): void
  /** Runs one agent's loop until it ends, pauses or hands off. */
  runAgent(agent: ActiveAgent, signal?: AbortSignal): Promise<InvocationEnd>
}

/** A callable profile by id. @throws Error when the profiles directory has none */
export function profileOf(run: RunContext, agentId: string): Profile {
  const profile = run.profiles.find((candidate) => candidate.id === agentId)
  if (profile === undefined) throw new Error(`No profile "${agentId}" in the profiles directory.`)
  return profile
}

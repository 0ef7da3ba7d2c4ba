import type { Invocation } from '../../host/invocation.js'
import type { SubAgentManager } from '../sub-agents/index.js'
import type { RunFlags } from './run-flags.js'

/** One agent of the run at work: its invocation, system prompt, flags and children. */
export interface ActiveAgent {
  readonly invocation: Invocation
  readonly agentId: string
  readonly system: string
  readonly flags: RunFlags
  readonly children?: SubAgentManager
  /** True for a delegated child that ends with `task.return`. */
  readonly returnMode: boolean
}

/** The child a delegation opens: its id, its own signal, and the invocation that delegated it. */
export interface ChildOrigin {
  readonly childId: string
  readonly signal: AbortSignal
  readonly parentInvocationId: string
}

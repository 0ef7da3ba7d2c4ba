import type { Profile } from '../catalog/profile-schema.js'
import { executeTurn } from '../execution/execute-turn.js'
import type { ToolProgressEvent } from '../execution/run-call.js'
import { Gate, type GateTurn } from '../gate/gate.js'
import type { GateState } from '../gate/gate-state.js'
import type { PermissionStep } from '../gate/permission-step.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { AgentToolResult } from '../tool/agent-tool-result.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { ToolId } from '../tool/tool-id.js'
import type { ToolChoice } from '../gate/tool-choice.js'

/** A turn handed to {@link Invocation.executeTurn}. */
export interface Turn extends GateTurn {
  /** Overrides the invocation's tool choice for this turn. */
  readonly toolChoice?: ToolChoice
  /** Cancels this turn's calls (besides the invocation's own signal). */
  readonly signal?: AbortSignal
}

/** What an invocation is made of; built by the host. */
export interface InvocationParts {
  readonly id: string
  readonly profile: Profile
  readonly snapshot: Snapshot
  readonly acceptsImages: boolean
  readonly toolChoice: ToolChoice
  readonly resolveTool: (id: ToolId) => CatalogTool | undefined
  readonly authorize: PermissionStep
  readonly signal?: AbortSignal
  readonly onProgress?: (event: ToolProgressEvent) => void
  readonly gateState?: GateState
}

/**
 * One agent over one model: a frozen snapshot and one gate. Turns run through {@link executeTurn}.
 *
 * @example
 * const inv = await host.createInvocation({ scope: 'session', protocol: 'anthropic' })
 * const [result] = await inv.executeTurn({ calls: [{ callId: 'c1', name: 'dice_roll', arguments: '{"formula":"2d6"}' }] })
 */
export class Invocation {
  readonly id: string
  readonly profile: Profile
  readonly snapshot: Snapshot
  readonly acceptsImages: boolean
  readonly #parts: InvocationParts
  readonly #gate: Gate

  constructor(parts: InvocationParts) {
    this.id = parts.id
    this.profile = parts.profile
    this.snapshot = parts.snapshot
    this.acceptsImages = parts.acceptsImages
    this.#parts = parts
    this.#gate = new Gate({ snapshot: parts.snapshot, maxCallsPerRun: parts.profile.tools.maxCallsPerRun, resolveTool: parts.resolveTool, state: parts.gateState })
  }

  /** The gate's counts, for checkpoints and resume. */
  get gateState(): GateState {
    return this.#gate.state
  }

  /**
   * Executes a turn of tool calls and returns one result per call, in call order. Errors the model
   * can fix are results with `isError: true`.
   * @throws FatalToolHostError for a turn on another snapshot or a tool-choice violation
   * @throws ToolRuntimeError when a tool fails in a way the model cannot fix
   */
  async executeTurn(turn: Turn): Promise<AgentToolResult[]> {
    const signals = [this.#parts.signal, turn.signal].filter((s): s is AbortSignal => s !== undefined)
    return executeTurn(
      { ...turn, toolChoice: turn.toolChoice ?? this.#parts.toolChoice },
      {
        snapshot: this.snapshot,
        invocationId: this.id,
        gate: this.#gate,
        authorize: this.#parts.authorize,
        signal: signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals),
        onProgress: this.#parts.onProgress,
      },
    )
  }
}

import type { CatalogTool, InputProblem } from '../catalog/catalog-tool.js'
import type { Snapshot, SnapshotBinding } from '../snapshot/snapshot.js'
import { errorResult, type AgentToolResult } from '../tool/agent-tool-result.js'
import { FatalToolHostError, ToolError } from '../tool/tool-error.js'
import type { ToolId } from '../tool/tool-id.js'
import { echoRaw, parseToolArguments } from '../tool/tool-arguments.js'
import { fillText, loadText } from '../text/model-text.js'
import { describeParameters, findUnknownKeys } from './closed-schema.js'
import { didYouMean } from './did-you-mean.js'
import { dropStrictNulls } from './strict-nulls.js'
import { emptyGateState, type GateState } from './gate-state.js'
import { toolChoiceViolation, type ToolChoice } from './tool-choice.js'

const texts = {
  unknownTool: loadText(import.meta.url, 'texts/unknown-tool.txt'),
  notObject: loadText(import.meta.url, 'texts/arguments-not-object.txt'),
  invalid: loadText(import.meta.url, 'texts/arguments-invalid.txt'),
  runBudget: loadText(import.meta.url, 'texts/run-budget-exhausted.txt'),
  toolBudget: loadText(import.meta.url, 'texts/tool-budget-exhausted.txt'),
  afterFinish: loadText(import.meta.url, 'texts/tool-after-finish.txt'),
  unavailable: loadText(import.meta.url, 'texts/tool-unavailable.txt'),
}

/** A tool call as the model sent it. */
export interface RawToolCall {
  readonly callId: string
  /** The alias the model called. */
  readonly name: string
  /** The raw wire value: a JSON object or the JSON string encoding of one (or nothing). */
  readonly arguments?: unknown
}

/** A turn's calls, as the gate receives them. */
export interface GateTurn {
  /** The snapshot the turn was built on; checked against the invocation's when given. */
  readonly snapshotId?: string
  readonly calls: readonly RawToolCall[]
  readonly toolChoice?: ToolChoice
}

/** A call that passed steps 1–7, ready for permissions and dispatch. */
export interface AdmittedCall {
  readonly callId: string
  readonly binding: SnapshotBinding
  readonly tool: CatalogTool
  readonly input: Record<string, unknown>
  /** The raw argument text, as the store keeps it. */
  readonly rawArguments: string
}

/** The gate's verdict on one call. */
export type GateVerdict = { readonly admitted: AdmittedCall } | { readonly rejected: AgentToolResult }

/** What the gate needs besides the snapshot. */
export interface GateOptions {
  readonly snapshot: Snapshot
  readonly maxCallsPerRun: number
  /** Looks a tool up at call time; `undefined` when it is gone. */
  readonly resolveTool: (id: ToolId) => CatalogTool | undefined
  readonly state?: GateState
}

/** Most aliases an unknown-tool message lists. */
const listedAliasLimit = 40

/**
 * The checks every call passes before dispatch (DESIGN §6 steps 1–7): snapshot, alias, tool choice,
 * budgets, reservation, arguments, completion last. Permissions (step 8) follow in the executor.
 */
export class Gate {
  readonly #snapshot: Snapshot
  readonly #maxCallsPerRun: number
  readonly #resolveTool: (id: ToolId) => CatalogTool | undefined
  readonly #byAlias: ReadonlyMap<string, SnapshotBinding>
  #callsUsed: number
  readonly #callsPerTool: Map<ToolId, number>

  constructor(options: GateOptions) {
    this.#snapshot = options.snapshot
    this.#maxCallsPerRun = options.maxCallsPerRun
    this.#resolveTool = options.resolveTool
    this.#byAlias = new Map(options.snapshot.bindings.map((binding) => [binding.alias, binding]))
    const state = options.state ?? emptyGateState
    this.#callsUsed = state.callsUsed
    this.#callsPerTool = new Map(Object.entries(state.callsPerTool))
  }

  /** The counts so far, for checkpoints. */
  get state(): GateState {
    return { callsUsed: this.#callsUsed, callsPerTool: Object.fromEntries(this.#callsPerTool) }
  }

  /**
   * Steps 1 and 3, for the whole turn before any call runs.
   * @throws FatalToolHostError `tool.turn_snapshot_mismatch` or `model.tool_choice_violation`
   */
  checkTurn(turn: GateTurn): void {
    if (turn.snapshotId !== undefined && turn.snapshotId !== this.#snapshot.id) {
      throw new FatalToolHostError('tool.turn_snapshot_mismatch', `The turn was built on snapshot ${turn.snapshotId}, but this invocation uses ${this.#snapshot.id}.`)
    }
    const violation = toolChoiceViolation(turn.toolChoice ?? 'auto', turn.calls.map((call) => call.name))
    if (violation !== undefined) throw new FatalToolHostError('model.tool_choice_violation', `The model broke the tool choice: ${violation}.`)
  }

  /** Steps 2 and 4–7 for the call at `index` of `calls`. */
  async admit(call: RawToolCall, index: number, calls: readonly RawToolCall[]): Promise<GateVerdict> {
    const binding = this.#byAlias.get(call.name)
    if (binding === undefined) {
      this.#callsUsed += 1
      return this.#reject(call, null, 'model.unknown_tool_call', this.#unknownToolText(call.name))
    }
    const { toolId, alias } = binding
    if (this.#callsUsed >= this.#maxCallsPerRun) {
      return this.#reject(call, toolId, 'agent.tool_budget_exhausted', fillText(texts.runBudget, { limit: this.#maxCallsPerRun }))
    }
    const usedByTool = this.#callsPerTool.get(toolId) ?? 0
    if (binding.maxCalls !== undefined && usedByTool >= binding.maxCalls) {
      return this.#reject(call, toolId, 'agent.tool_budget_exhausted', fillText(texts.toolBudget, { alias, limit: binding.maxCalls }))
    }
    this.#callsUsed += 1
    this.#callsPerTool.set(toolId, usedByTool + 1)

    const args = parseToolArguments(call.arguments)
    if (!args.ok) {
      return this.#reject(call, toolId, 'tool.invalid_arguments', fillText(texts.notObject, { alias, reason: args.reason, received: echoRaw(args.raw) }))
    }
    const tool = this.#resolveTool(toolId)
    if (tool === undefined) {
      return this.#reject(call, toolId, 'tool.unavailable', fillText(texts.unavailable, { alias }))
    }
    const given = binding.strict ? dropStrictNulls(args.value, tool.inputSchema) : args.value
    const problems: InputProblem[] = tool.closedSchema ? findUnknownKeys(given, tool.inputSchema, tool.renamedParameters) : []
    let input = given
    let validation
    try {
      validation = await tool.validate(given)
    } catch (error) {
      if (error instanceof ToolError) return this.#reject(call, toolId, error.code, error.message)
      throw error
    }
    if (validation.ok) input = validation.value
    else problems.push(...validation.problems)
    if (problems.length > 0) {
      const lines = problems.map((p) => `- ${p.path === '' ? '' : `${p.path}: `}${p.message}`).join('\n')
      return this.#reject(call, toolId, 'tool.invalid_arguments', fillText(texts.invalid, { alias, problems: lines, parameters: describeParameters(tool.inputSchema) }))
    }
    if (binding.completion && index < calls.length - 1) {
      return this.#reject(call, toolId, 'agent.tool_after_finish', fillText(texts.afterFinish, { alias }))
    }
    return { admitted: { callId: call.callId, binding, tool, input, rawArguments: args.raw } }
  }

  #reject(call: RawToolCall, toolId: ToolId | null, code: string, text: string): GateVerdict {
    return { rejected: errorResult(call.callId, toolId, code, text) }
  }

  #unknownToolText(name: string): string {
    const aliases = [...this.#byAlias.keys()]
    // A model that calls a tool by its stable id gets that tool's alias.
    const byId = this.#snapshot.bindings.find((b) => b.toolId === name)
    const near = byId === undefined ? didYouMean(name, aliases) : [byId.alias]
    const listed = aliases.slice(0, listedAliasLimit).join(', ') + (aliases.length > listedAliasLimit ? ` and ${aliases.length - listedAliasLimit} more` : '')
    return fillText(texts.unknownTool, {
      name: echoRaw(name),
      suggestion: near.length > 0 ? ` Did you mean ${near.map((a) => `"${a}"`).join(' or ')}?` : '',
      available: aliases.length === 0 ? 'none' : listed,
    })
  }
}

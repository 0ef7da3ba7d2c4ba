import { snapshotIndex } from '../snapshot/snapshot-index.js'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { InputProblem } from '../tool/input-validation.js'
import { metaToolIds, toolsCallId, toolsSearchId } from '../snapshot/deferral/meta-tools.js'
import type { Snapshot } from '../snapshot/snapshot.js'
import type { SnapshotBinding } from '../snapshot/snapshot-binding.js'
import { errorResult, type AgentToolResult } from '../tool/agent-tool-result.js'
import { FatalToolHostError, ToolError } from '../core/tool-error.js'
import type { ToolId } from '../core/tool-id.js'
import { echoRaw, parseToolArguments, rawArgumentText } from '../tool/tool-arguments.js'
import { fillText, loadText } from '../text/model-text.js'
import { describeParameters, findUnknownKeys } from './closed-schema.js'
import { isStackOverflow, maxArgumentDepth, nestsDeeperThan } from './argument-depth.js'
import { dropStrictNulls } from './strict-nulls.js'
import { emptyGateState, type GateState } from './gate-state.js'
import { toolChoiceViolation, type ToolChoice } from './tool-choice.js'
import { UnknownToolText } from './unknown-tool.js'

const texts = {
  notObject: loadText(import.meta.url, 'texts/arguments-not-object.txt'),
  invalid: loadText(import.meta.url, 'texts/arguments-invalid.txt'),
  runBudget: loadText(import.meta.url, 'texts/run-budget-exhausted.txt'),
  toolBudget: loadText(import.meta.url, 'texts/tool-budget-exhausted.txt'),
  afterFinish: loadText(import.meta.url, 'texts/tool-after-finish.txt'),
  unavailable: loadText(import.meta.url, 'texts/tool-unavailable.txt'),
  notDiscovered: loadText(import.meta.url, 'texts/deferred-not-discovered.txt'),
  nested: loadText(import.meta.url, 'texts/tools-call-nested.txt'),
  tooDeep: loadText(import.meta.url, 'texts/arguments-too-deep.txt'),
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

/**
 * What the audit records as requested: the tool the call is for, the name and the argument text.
 * For a `tools_call` call these are the inner tool's, so that the call is audited as that tool.
 */
export interface CallRequest {
  readonly toolId: ToolId | null
  readonly alias: string
  readonly rawArguments: string
}

/** The gate's verdict on one call. */
export type GateVerdict =
  | { readonly admitted: AdmittedCall; readonly requested: CallRequest }
  | { readonly rejected: AgentToolResult; readonly requested: CallRequest }

/** What the gate needs besides the snapshot. */
export interface GateOptions {
  readonly snapshot: Snapshot
  /** Calls a run may make (profile `tools.maxCallsPerRun`); unlimited when absent. */
  readonly maxCallsPerRun?: number | undefined
  /** Looks a tool up at call time; `undefined` when it is gone. */
  readonly resolveTool: (id: ToolId) => CatalogTool | undefined
  readonly state?: GateState
}

type InputCheck = { readonly input: Record<string, unknown> } | { readonly code: string; readonly text: string }

/**
 * The checks every call passes before dispatch (DESIGN §6 steps 1–7): snapshot, alias, tool choice,
 * budgets, reservation, arguments, completion last. Permissions (step 8) follow in the executor.
 *
 * Deferred tools (§12): a call of `tools_call` is unwrapped here, once, into a call of the named
 * tool with the same call id, and that call takes the one path every call takes: it is charged,
 * validated, ordered, permitted, dispatched and audited as the named tool. A deferred tool called
 * directly is refused until `tools_search` has returned it ({@link Gate.discover}).
 */
export class Gate {
  readonly #snapshot: Snapshot
  readonly #maxCallsPerRun: number | undefined
  readonly #resolveTool: (id: ToolId) => CatalogTool | undefined
  readonly #byAlias: (alias: string) => SnapshotBinding | undefined
  readonly #unknown: UnknownToolText
  readonly #aliasOf: (id: ToolId) => string
  #callsUsed: number
  readonly #callsPerTool: Map<ToolId, number>
  readonly #discovered: Set<ToolId>

  constructor(options: GateOptions) {
    this.#snapshot = options.snapshot
    this.#maxCallsPerRun = options.maxCallsPerRun
    this.#resolveTool = options.resolveTool
    const index = snapshotIndex(options.snapshot)
    this.#byAlias = index.byAlias
    this.#unknown = new UnknownToolText(options.snapshot, metaToolIds, toolsSearchId)
    this.#aliasOf = (id) => index.aliasOf(id) ?? id
    const state = options.state ?? emptyGateState
    this.#callsUsed = state.callsUsed
    this.#callsPerTool = new Map(Object.entries(state.callsPerTool))
    this.#discovered = new Set(state.discovered ?? [])
  }

  /** The counts so far and the deferred tools found, for checkpoints. */
  get state(): GateState {
    const counts = { callsUsed: this.#callsUsed, callsPerTool: Object.fromEntries(this.#callsPerTool) }
    return this.#discovered.size === 0 ? counts : { ...counts, discovered: [...this.#discovered] }
  }

  /** Records deferred tools a search returned: from now on the model may call them by alias. */
  discover(toolIds: Iterable<ToolId>): void {
    for (const id of toolIds) this.#discovered.add(id)
  }

  /**
   * Steps 1 and 3, for the whole turn before any call runs.
   * @throws FatalToolHostError `tool.turn_snapshot_mismatch` or `model.tool_choice_violation`
   */
  checkTurn(turn: GateTurn): void {
    if (turn.snapshotId !== undefined && turn.snapshotId !== this.#snapshot.id) {
      throw new FatalToolHostError(
        'tool.turn_snapshot_mismatch',
        `The turn was built on snapshot ${turn.snapshotId}, but this invocation uses ${this.#snapshot.id}.`,
      )
    }
    const violation = toolChoiceViolation(
      turn.toolChoice ?? 'auto',
      turn.calls.map((call) => call.name),
    )
    if (violation !== undefined)
      throw new FatalToolHostError('model.tool_choice_violation', `The model broke the tool choice: ${violation}.`)
  }

  /** Steps 2 and 4–7 for the call at `index` of `calls`; a `tools_call` call as the tool it names. */
  async admit(call: RawToolCall, index: number, calls: readonly RawToolCall[]): Promise<GateVerdict> {
    const binding = this.#byAlias(call.name)
    if (binding?.toolId !== toolsCallId) return this.#admitAs(call, index, calls, false)
    const unwrapped = await this.#unwrap(call, binding)
    return 'inner' in unwrapped ? this.#admitAs(unwrapped.inner, index, calls, true) : unwrapped
  }

  /** Reads a `tools_call` call into the call it stands for; its own argument problems are charged like unknown calls. */
  async #unwrap(call: RawToolCall, binding: SnapshotBinding): Promise<{ readonly inner: RawToolCall } | GateVerdict> {
    const requested: CallRequest = {
      toolId: binding.toolId,
      alias: binding.alias,
      rawArguments: rawArgumentText(call.arguments),
    }
    const reject = (code: string, text: string): GateVerdict => {
      this.#callsUsed += 1
      return { rejected: errorResult(call.callId, binding.toolId, code, text), requested }
    }
    const args = parseToolArguments(call.arguments)
    if (!args.ok)
      return reject(
        'tool.invalid_arguments',
        fillText(texts.notObject, { alias: binding.alias, reason: args.reason, received: echoRaw(args.raw) }),
      )
    const tool = this.#resolveTool(binding.toolId)
    if (tool === undefined) return reject('tool.unavailable', fillText(texts.unavailable, { alias: binding.alias }))
    const checked = await this.#checkInput(binding, tool, args.value)
    if ('code' in checked) return reject(checked.code, checked.text)
    const name = String(checked.input.tool)
    const target = this.#byAlias(name)
    if (target !== undefined && metaToolIds.includes(target.toolId)) {
      return reject('tool.invalid_arguments', fillText(texts.nested, { call: binding.alias, alias: target.alias }))
    }
    return { inner: { callId: call.callId, name, arguments: checked.input.arguments } }
  }

  async #admitAs(
    call: RawToolCall,
    index: number,
    calls: readonly RawToolCall[],
    viaCall: boolean,
  ): Promise<GateVerdict> {
    const binding = this.#byAlias(call.name)
    if (binding === undefined) {
      this.#callsUsed += 1
      const text = viaCall ? this.#unknown.viaCall(call.name) : this.#unknown.direct(call.name, this.#discovered)
      return this.#reject(call, null, 'model.unknown_tool_call', text)
    }
    const { toolId, alias } = binding
    if (binding.deferred === true && !viaCall && !this.#discovered.has(toolId)) {
      this.#callsUsed += 1
      const text = fillText(texts.notDiscovered, {
        alias,
        search: this.#aliasOf(toolsSearchId),
        call: this.#aliasOf(toolsCallId),
      })
      return this.#reject(call, toolId, 'model.unknown_tool_call', text, alias)
    }
    if (this.#maxCallsPerRun !== undefined && this.#callsUsed >= this.#maxCallsPerRun) {
      return this.#reject(
        call,
        toolId,
        'agent.tool_budget_exhausted',
        fillText(texts.runBudget, { limit: this.#maxCallsPerRun }),
        alias,
      )
    }
    const usedByTool = this.#callsPerTool.get(toolId) ?? 0
    if (binding.maxCalls !== undefined && usedByTool >= binding.maxCalls) {
      return this.#reject(
        call,
        toolId,
        'agent.tool_budget_exhausted',
        fillText(this.#resolveTool(toolId)?.budgetExhaustedText ?? texts.toolBudget, {
          alias,
          limit: binding.maxCalls,
        }),
        alias,
      )
    }
    this.#callsUsed += 1
    this.#callsPerTool.set(toolId, usedByTool + 1)

    const args = parseToolArguments(call.arguments)
    if (!args.ok) {
      return this.#reject(
        call,
        toolId,
        'tool.invalid_arguments',
        fillText(texts.notObject, { alias, reason: args.reason, received: echoRaw(args.raw) }),
        alias,
      )
    }
    const tool = this.#resolveTool(toolId)
    if (tool === undefined)
      return this.#reject(call, toolId, 'tool.unavailable', fillText(texts.unavailable, { alias }), alias)
    const checked = await this.#checkInput(binding, tool, args.value)
    if ('code' in checked) return this.#reject(call, toolId, checked.code, checked.text, alias)
    const completes = binding.completion || tool.completesWith?.(checked.input) === true
    if (completes && index < calls.length - 1) {
      return this.#reject(call, toolId, 'agent.tool_after_finish', fillText(texts.afterFinish, { alias }), alias)
    }
    return {
      admitted: { callId: call.callId, binding, tool, input: checked.input, rawArguments: args.raw },
      requested: { toolId, alias, rawArguments: args.raw },
    }
  }

  /** Step 6 after ToolArguments: strict-mode nulls, the closed-schema check and the tool's validator. */
  async #checkInput(binding: SnapshotBinding, tool: CatalogTool, value: Record<string, unknown>): Promise<InputCheck> {
    const tooDeep = () => ({
      code: 'tool.invalid_arguments',
      text: fillText(texts.tooDeep, { alias: binding.alias, limit: maxArgumentDepth }),
    })
    if (nestsDeeperThan(value, maxArgumentDepth)) return tooDeep()
    const problems: InputProblem[] = []
    let input: Record<string, unknown>
    try {
      const given = binding.strict ? dropStrictNulls(value, tool.inputSchema) : value
      if (tool.closedSchema) problems.push(...findUnknownKeys(given, tool.inputSchema, tool.renamedParameters))
      input = given
      const validation = await tool.validate(given)
      if (validation.ok) input = validation.value
      else problems.push(...validation.problems)
    } catch (error) {
      if (error instanceof ToolError) return { code: error.code, text: error.message }
      // Last resort: a schema recursive enough to overflow on arguments within the depth limit.
      if (isStackOverflow(error)) return tooDeep()
      throw error
    }
    if (problems.length === 0) return { input }
    const lines = problems.map((p) => `- ${p.path === '' ? '' : `${p.path}: `}${p.message}`).join('\n')
    return {
      code: 'tool.invalid_arguments',
      text: fillText(texts.invalid, {
        alias: binding.alias,
        problems: lines,
        parameters: describeParameters(tool.inputSchema),
      }),
    }
  }

  #reject(call: RawToolCall, toolId: ToolId | null, code: string, text: string, alias = call.name): GateVerdict {
    return {
      rejected: errorResult(call.callId, toolId, code, text),
      requested: { toolId, alias, rawArguments: rawArgumentText(call.arguments) },
    }
  }
}

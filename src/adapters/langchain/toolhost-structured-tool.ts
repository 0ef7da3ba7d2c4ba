import { randomUUID } from 'node:crypto'
import { CallbackManager, parseCallbackConfigArg } from '@langchain/core/callbacks/manager'
import type { ToolCall, ToolMessage } from '@langchain/core/messages'
import {
  StructuredTool,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
  type ToolSchemaBase,
} from '@langchain/core/tools'
import type { SnapshotBinding } from '../../snapshot/snapshot-binding.js'
import type { ToolhostAdapter } from '../core/index.js'
import { toolMessageOf } from './tool-message.js'

/**
 * One toolhost tool as a LangChain structured tool. Its schema is the snapshot's JSON Schema, which
 * the chat model is shown; the arguments are checked by toolhost's gate, not by LangChain, so the
 * model reads toolhost's error (with what to fix) instead of an exception. A call returns a
 * `ToolMessage` (status `error` for errors the model can fix) whose `artifact` holds toolhost's
 * result record.
 */
export class ToolhostStructuredTool extends StructuredTool<ToolSchemaBase, unknown, unknown, ToolMessage> {
  static override lc_name(): string {
    return 'ToolhostStructuredTool'
  }

  override name: string
  override description: string
  override schema: ToolSchemaBase
  readonly #adapter: ToolhostAdapter

  constructor(adapter: ToolhostAdapter, binding: SnapshotBinding) {
    super()
    this.#adapter = adapter
    this.name = binding.alias
    this.description = binding.description
    // A JSON Schema object: LangChain shows it to the model as it is.
    this.schema = binding.inputSchema as ToolSchemaBase
  }

  /** Runs the call through toolhost, with LangChain's tool callbacks around it (no schema check of LangChain's own). */
  override async call<
    TArg extends StructuredToolCallInput<ToolSchemaBase, unknown>,
    TConfig extends ToolRunnableConfig | undefined,
  >(arg: TArg, configArg?: TConfig): Promise<ToolReturnType<TArg, TConfig, ToolMessage>> {
    const config: ToolRunnableConfig = parseCallbackConfigArg(configArg)
    const toolCall = isToolCall(arg) ? arg : config.toolCall
    const args: unknown = isToolCall(arg) ? arg.args : arg
    const callId = toolCall?.id ?? `langchain_${randomUUID()}`
    // Submitted before any await, so that the calls of one model message meet in one toolhost turn.
    const outcome = this.#adapter.call({
      callId,
      alias: this.name,
      arguments: args,
      ...(config.signal !== undefined && { signal: config.signal }),
    })
    const callbacks = CallbackManager.configure(
      config.callbacks,
      this.callbacks,
      config.tags,
      this.tags,
      config.metadata,
      this.metadata,
      { verbose: this.verbose },
    )
    const input = typeof args === 'object' && args !== null && !Array.isArray(args) ? { ...args } : JSON.stringify(args)
    const run = await callbacks?.handleToolStart(
      this.toJSON(),
      input,
      config.runId,
      undefined,
      undefined,
      undefined,
      config.runName ?? this.name,
      toolCall?.id,
    )
    let message: ToolMessage
    try {
      message = toolMessageOf(await outcome, {
        callId,
        name: this.name,
        acceptsImages: this.#adapter.invocation.acceptsImages,
      })
    } catch (error) {
      await run?.handleToolError(error)
      throw error
    }
    await run?.handleToolEnd(message)
    return message
  }

  /** Runs a call without a tool call around it (LangChain's `call` above is the usual way in). */
  protected override async _call(arg: unknown, _run?: unknown, config?: ToolRunnableConfig): Promise<ToolMessage> {
    return this.call(arg, config)
  }
}

function isToolCall(value: unknown): value is ToolCall {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'tool_call' && 'args' in value
}

import type { ToolId } from '../core/tool-id.js'

/**
 * What the gate has counted in an invocation: plain data so that a checkpoint can store it and a
 * resumed invocation continue from it.
 */
export interface GateState {
  /** Calls charged against `tools.maxCallsPerRun`, unknown names included. */
  readonly callsUsed: number
  /** Calls charged per tool. */
  readonly callsPerTool: Readonly<Record<ToolId, number>>
  /**
   * Deferred tools that `tools_search` has returned in this invocation: the model may call them
   * by alias. Absent while there are none.
   */
  readonly discovered?: readonly ToolId[]
}

/** The state of an invocation that has made no calls. */
export const emptyGateState: GateState = { callsUsed: 0, callsPerTool: {} }

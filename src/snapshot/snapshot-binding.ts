import type { ToolAnnotations } from '../tool/define-tool.js'
import type { ToolId } from '../core/tool-id.js'
import type { SchemaDrop } from './protocols/protocol.js'
import type { JsonSchema } from '../core/json-schema.js'

/** One tool of a snapshot: what the model is shown (or finds through `tools_search`) and calls. */
export interface SnapshotBinding {
  readonly toolId: ToolId
  /** The name the model calls the tool by. */
  readonly alias: string
  readonly description: string
  /** The input schema compiled for the snapshot's protocol. */
  readonly inputSchema: JsonSchema
  /** True when the schema is in OpenAI strict mode. */
  readonly strict: boolean
  /** What the protocol's schema compiler dropped or rewrote. */
  readonly dropped: readonly SchemaDrop[]
  readonly annotations: ToolAnnotations
  /** Completion tools must be the last call of their turn. */
  readonly completion: boolean
  /** Calls allowed per run by `tools.maxCallsPerTool` or the tool's own limit; `undefined` when unlimited. */
  readonly maxCalls?: number
  /**
   * True for a deferred tool (profile `tools.deferred`): not sent to the model, found with
   * `tools_search`, called through `tools_call` or, once found, by its alias. Absent otherwise.
   */
  readonly deferred?: true
}

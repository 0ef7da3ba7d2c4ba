import type { AgentToolResult } from '../../tool/agent-tool-result.js'

/** One call a framework asks the adapter to run. */
export interface AdapterCall {
  /** The framework's id of the call (unique within the invocation's turn). */
  readonly callId: string
  /** The snapshot alias the model called. */
  readonly alias: string
  /** The arguments as the framework has them: a JSON object or its JSON text (ToolArguments repairs and parses it). */
  readonly arguments: unknown
  /**
   * Set when the framework's person approved this call (mode `framework`): who, as the audit
   * should show it. toolhost's gate then lets the call pass as approved once by them.
   */
  readonly approvedBy?: string
  /** Cancels the call (and the turn it runs in, once every call of the turn has aborted). */
  readonly signal?: AbortSignal
}

/** An image of a result, read from the run directory for frameworks that carry image data. */
export interface AdapterImage {
  /** Base64 of the image file. */
  readonly data: string
  readonly mimeType: string
  /** Where toolhost stored it, relative to the run directory (the path the model text names). */
  readonly path: string
}

/** A call's outcome for the framework: toolhost's result and its images' data. */
export interface AdapterResult {
  /** toolhost's result: `content` is exactly the text the model should read (errors included, `isError` set). */
  readonly result: AgentToolResult
  /** The result's images, read from the run directory (empty when it has none or they cannot be read). */
  readonly images: readonly AdapterImage[]
}

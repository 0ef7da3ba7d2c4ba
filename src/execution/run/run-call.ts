import type { RawCallOutcome } from '../../results/finalize-result.js'
import type { CatalogTool } from '../../catalog/catalog-tool.js'
import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { errorResult } from '../../tool/agent-tool-result.js'
import type { ToolCallContext, ToolOutput, ToolProgress } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import type { ToolId } from '../../core/tool-id.js'
import { isStackOverflow } from '../../gate/argument-depth.js'
import { loadText } from '../../text/model-text.js'

const overflowText = loadText(import.meta.url, 'texts/arguments-overflow.txt')

/** A progress report of one call, as streamed to listeners. */
export interface ToolProgressEvent extends ToolProgress {
  readonly callId: string
  readonly toolId: ToolId
  /** Milliseconds since the tool was called. */
  readonly elapsedMs: number
}

/**
 * A tool failed in a way the model cannot fix (a bug or a broken environment). It is recorded and
 * ends the run; it is never turned into a result.
 */
export class ToolRuntimeError extends Error {
  override readonly name = 'ToolRuntimeError'
  readonly callId: string
  readonly toolId: ToolId
  constructor(callId: string, toolId: ToolId, cause: unknown) {
    super(`Tool ${toolId} failed in call ${callId}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    })
    this.callId = callId
    this.toolId = toolId
  }
}

/**
 * Runs one call: awaits its promise or drains its progress generator. A `ToolError` becomes an
 * error result (attached images and files discarded), and so does a stack overflow (as
 * `tool.invalid_arguments`); anything else throws {@link ToolRuntimeError}.
 */
export async function runCall(
  tool: CatalogTool,
  input: Record<string, unknown>,
  ctx: ToolCallContext,
  onProgress?: (event: ToolProgressEvent) => void,
): Promise<RawCallOutcome> {
  const { callId, toolId } = ctx
  let output: ToolOutput
  try {
    const started = performance.now()
    const running = tool.call(input, ctx)
    const elapsedMs = () => Math.round(performance.now() - started)
    output = isGenerator(running)
      ? await drain(running, (p) => onProgress?.({ ...p, callId, toolId, elapsedMs: elapsedMs() }))
      : await running
  } catch (error) {
    if (error instanceof ToolError)
      return { result: errorResult(callId, toolId, error.code, error.message), images: [], files: [] }
    // A stack overflow comes from what the model sent (a nesting the tool recursed into), not from a broken tool.
    if (isStackOverflow(error))
      return { result: errorResult(callId, toolId, 'tool.invalid_arguments', overflowText), images: [], files: [] }
    throw new ToolRuntimeError(callId, toolId, error)
  }
  if (typeof output?.content !== 'string')
    throw new ToolRuntimeError(callId, toolId, new TypeError('the tool returned no text content'))
  const result: AgentToolResult = {
    callId,
    toolId,
    content: output.content,
    ...(output.structured !== undefined && { structured: output.structured }),
    isError: false,
    resourceRefs: [],
    images: [],
  }
  return { result, images: output.images ?? [], files: output.files ?? [] }
}

function isGenerator(value: unknown): value is AsyncGenerator<ToolProgress, ToolOutput, void> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Symbol.asyncIterator in value &&
    typeof (value as { next?: unknown }).next === 'function'
  )
}

async function drain(
  generator: AsyncGenerator<ToolProgress, ToolOutput, void>,
  report: (progress: ToolProgress) => void,
): Promise<ToolOutput> {
  for (;;) {
    const step = await generator.next()
    if (step.done === true) return step.value
    report(step.value)
  }
}

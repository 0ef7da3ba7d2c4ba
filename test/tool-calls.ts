import type { ToolCallContext, ToolDefinition, ToolOutput } from '../src/tool/define-tool.js'
import type { InferOutput, StandardSchemaWithJson } from '../src/tool/standard-schema.js'

/** Calls a tool whose `call` returns a promise. */
export async function callTool<S extends StandardSchemaWithJson>(
  tool: ToolDefinition<S>,
  input: InferOutput<S>,
  ctx: ToolCallContext,
): Promise<ToolOutput> {
  const result = tool.call(input, ctx)
  if (!(result instanceof Promise)) throw new Error(`${tool.name} should return a promise`)
  return result
}

/** The code and message of the error a call fails with (or `ok` when it succeeds). */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  return promise.then(
    () => ({ code: 'ok', message: '' }),
    (error: { code?: string; message?: string }) => ({ code: error.code ?? 'no code', message: error.message ?? '' }),
  )
}

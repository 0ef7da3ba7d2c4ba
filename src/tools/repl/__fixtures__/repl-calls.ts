import type { ToolCallContext, ToolOutput } from '../../../tool/define-tool.js'
import { replResetTool } from '../reset.js'
import { replRunTool } from '../run.js'
import type { ReplLanguage } from '../repl-sessions.js'

/** Calls repl.run directly, as the host would after validating the input. */
export async function runCode(
  ctx: ToolCallContext,
  language: ReplLanguage,
  code: string,
  timeoutMs?: number,
): Promise<ToolOutput> {
  const result = replRunTool.call({ language, code, ...(timeoutMs !== undefined && { timeout_ms: timeoutMs }) }, ctx)
  if (!(result instanceof Promise)) throw new Error('repl.run should return a promise')
  return result
}

/** Calls repl.reset directly. */
export async function resetRepl(ctx: ToolCallContext, language?: ReplLanguage): Promise<ToolOutput> {
  const result = replResetTool.call(language === undefined ? {} : { language }, ctx)
  if (!(result instanceof Promise)) throw new Error('repl.reset should return a promise')
  return result
}

/** The error `promise` rejects with: its code and message. */
export async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    return { code: String(code), message: String(message) }
  }
  throw new Error('expected the call to fail')
}

import type { ToolCallContext } from '../src/tool/define-tool.js'

/** A call context for calling a tool directly in a test, outside any invocation. */
export function testCallContext(overrides: Partial<ToolCallContext> = {}): ToolCallContext {
  return {
    alias: (toolId) => toolId,
    has: () => false,
    scope: 'session',
    protocol: 'openai-responses',
    callId: 'call-1',
    toolId: 'builtin:test',
    invocationId: 'invocation-1',
    signal: new AbortController().signal,
    ...overrides,
  }
}

import { describe, expectTypeOf, it } from 'vitest'
import type { RecoverableErrorCode, ToolErrorCode } from '../core/error-codes.js'
import { errorResult, type AgentToolResult } from './agent-tool-result.js'

describe('errorResult types', () => {
  it('takes a registered recoverable code written out', () => {
    expectTypeOf(errorResult('c1', null, 'model.unknown_tool_call', 'No such tool.')).toEqualTypeOf<AgentToolResult>()
    // @ts-expect-error an unregistered code
    errorResult('c1', null, 'tool.exploded', 'Boom.')
    // @ts-expect-error a fatal code never becomes a result
    errorResult('c1', null, 'tool.turn_snapshot_mismatch', 'Wrong snapshot.')
  })

  it('takes a union of registered codes and a code passed on from a ToolError', () => {
    const stopped = (code: 'tool.timeout' | 'tool.cancelled') => errorResult('c1', null, code, 'Stopped.')
    const registered = (code: RecoverableErrorCode) => errorResult('c1', null, code, 'Stopped.')
    const passedOn = (code: ToolErrorCode) => errorResult('c1', null, code, 'From the tool.')
    expectTypeOf(stopped).returns.toEqualTypeOf<AgentToolResult>()
    expectTypeOf(registered).returns.toEqualTypeOf<AgentToolResult>()
    expectTypeOf(passedOn).returns.toEqualTypeOf<AgentToolResult>()
    // @ts-expect-error one member of the union is not registered
    errorResult('c1', null, 'tool.timeout' as 'tool.timeout' | 'tool.exploded', 'Boom.')
  })
})

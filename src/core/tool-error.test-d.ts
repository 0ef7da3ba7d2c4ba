import { describe, expectTypeOf, it } from 'vitest'
import type { RecoverableErrorCode, ToolErrorCode } from './error-codes.js'
import { FatalToolHostError, ToolError } from './tool-error.js'

describe('error code types', () => {
  it("takes registered codes and a tool's own dotted codes in a ToolError", () => {
    expectTypeOf(new ToolError('tool.invalid_arguments', 'Fix it.').code).toEqualTypeOf<ToolErrorCode>()
    expectTypeOf(new ToolError('dice.bad_formula', 'Use 2d6.')).toEqualTypeOf<ToolError>()
    expectTypeOf<'workspace.not_found'>().toExtend<RecoverableErrorCode>()
    // @ts-expect-error a code is namespace.name
    new ToolError('bad_formula', 'Use 2d6.')
  })

  it('compares a ToolError code with codes of any tool', () => {
    const code = new ToolError('dice.bad_formula', 'Use 2d6.').code
    expectTypeOf(code === 'dice.bad_formula').toEqualTypeOf<boolean>()
    expectTypeOf(code).toExtend<string>()
  })

  it('takes only registered fatal codes in a FatalToolHostError', () => {
    expectTypeOf(new FatalToolHostError('model.tool_choice_violation', 'Broken.')).toEqualTypeOf<FatalToolHostError>()
    // @ts-expect-error a recoverable code does not end the run
    new FatalToolHostError('tool.timeout', 'Too slow.')
    // @ts-expect-error an unregistered code
    new FatalToolHostError('host.exploded', 'Boom.')
  })
})

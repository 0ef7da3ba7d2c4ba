import { describe, expect, it } from 'vitest'
import type { ToolCallContext, ToolOutput } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { testCallContext } from '../../../test/call-context.js'
import { diceRollTool } from './roll.js'

const ctx: ToolCallContext = testCallContext({ toolId: 'builtin:dice.roll' })

async function call(formula: string): Promise<ToolOutput> {
  const result = diceRollTool.call({ formula }, ctx)
  if (!(result instanceof Promise)) throw new Error('dice.roll should return a promise')
  return result
}

describe('dice.roll', () => {
  it('rolls a formula and returns text and structured results', async () => {
    const output = await call('2d6 + 3')
    expect(output.content).toMatch(/^2d6\+3 = (\d+) \(2d6: \[[1-6], [1-6]\] \+ 3\)$/)
    const structured = output.structured as {
      formula: string
      total: number
      terms: Array<{ kept: number[]; subtotal: number }>
    }
    expect(structured.formula).toBe('2d6+3')
    expect(structured.total).toBe((structured.terms[0]?.subtotal ?? 0) + 3)
    expect(output.content).toContain(`= ${structured.total} `)
  })

  it('shows dropped dice of a keep clause', async () => {
    const output = await call('4d6kh3')
    expect(output.content).toMatch(/^4d6kh3 = \d+ \(4d6kh3: \[\d, \d, \d\] dropped \[\d\]\)$/)
  })

  it('reports bad formulas and limits as ToolErrors', async () => {
    await expect(call('2d')).rejects.toThrow(ToolError)
    await expect(call('2d')).rejects.toMatchObject({ code: 'dice.invalid_formula' })
    await expect(call('1000d6')).rejects.toMatchObject({ code: 'dice.limit_exceeded' })
  })

  it('validates its input through the schema', async () => {
    const validate = diceRollTool.inputSchema['~standard'].validate
    expect(await validate({ formula: 'd20' })).toEqual({ value: { formula: 'd20' } })
    expect((await validate({})).issues).toBeDefined()
    expect((await validate({ formula: 20 })).issues).toBeDefined()
  })

  it('describes the formula field in its JSON Schema', () => {
    const schema = diceRollTool.inputSchema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })
    expect(schema).toMatchObject({ type: 'object', required: ['formula'], properties: { formula: { type: 'string' } } })
    expect(JSON.stringify(schema)).toContain('2d6+3')
  })

  it('is read-only, renders its use and has a description from its text file', () => {
    expect(diceRollTool.name).toBe('dice.roll')
    expect(diceRollTool.annotations).toEqual({ readOnly: true })
    expect(diceRollTool.renderToolUseMessage?.({ formula: '2d6+3' })).toBe('Roll 2d6+3')
    expect(diceRollTool.description).toMatch(/^Roll dice/)
    expect(diceRollTool.description).toContain('4d6kh3')
  })
})

describe('dice.roll rendering', () => {
  it('summarizes the call and the result for people', () => {
    expect(diceRollTool.renderToolUseMessage?.({ formula: ' 2d6+3 ' })).toBe('Roll 2d6+3')
    expect(diceRollTool.renderToolResultMessage?.({ content: '', structured: { total: 9 } })).toBe('Total 9')
  })
})

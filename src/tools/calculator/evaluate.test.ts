import { afterAll, describe, expect, it } from 'vitest'
import type { ToolCallContext, ToolOutput } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { testCallContext } from '../../../test/call-context.js'
import { calculatorEvaluateTool, calculatorLimits, closeCalculator } from './evaluate.js'

function context(signal = new AbortController().signal): ToolCallContext {
  return testCallContext({ toolId: 'builtin:calculator.evaluate', signal })
}

async function call(expression: string, precision?: number, signal?: AbortSignal): Promise<ToolOutput> {
  const input = precision === undefined ? { expression } : { expression, precision }
  const result = calculatorEvaluateTool.call(input, context(signal))
  if (!(result instanceof Promise)) throw new Error('calculator.evaluate should return a promise')
  return result
}

/** The formatted result and mathjs type of an expression. */
async function evaluate(expression: string, precision?: number): Promise<{ result: unknown; type: unknown }> {
  const { structured } = await call(expression, precision)
  return { result: structured?.result, type: structured?.type }
}

/** The ToolError an expression is rejected with; fails the test when it is not rejected so. */
async function rejection(expression: string): Promise<ToolError> {
  const error: unknown = await call(expression).then(
    (output) => new Error(`expected "${expression}" to be rejected, got ${output.content}`),
    (reason: unknown) => reason,
  )
  if (error instanceof ToolError) return error
  throw error
}

afterAll(() => closeCalculator())

describe('calculator.evaluate', () => {
  it('returns the expression with its result, and the result and type as structured data', async () => {
    expect(await call('2 + 3')).toEqual({
      content: '2 + 3 = 5',
      structured: { expression: '2 + 3', result: '5', type: 'number' },
    })
  })

  it.each([
    ['2 + 3 * 4', '14'],
    ['(2 + 3) * 4', '20'],
    ['2^3^2', '512'],
    ['-2^2', '-4'],
    ['10 / 4', '2.5'],
    ['7 mod 3', '1'],
    ['200 * 15%', '30'],
    ['5!', '120'],
    ['0.1 + 0.2', '0.3'],
    ['2/3', '0.66666666666667'],
    ['1e21 * 3', '3e+21'],
    ['123456 * 1000', '123456000'],
    ['2^60', '1.1529215046068e+18'],
    ['1 / 8000', '0.000125'],
  ])('computes arithmetic with precedence: %s = %s', async (expression, result) => {
    expect(await evaluate(expression)).toEqual({ result, type: 'number' })
  })

  it.each([
    ['sqrt(16)', '4'],
    ['cbrt(27)', '3'],
    ['sin(pi / 2)', '1'],
    ['sin(30 deg)', '0.5'],
    ['cos(0)', '1'],
    ['log(e)', '1'],
    ['log(100, 10)', '2'],
    ['log10(1000)', '3'],
    ['abs(-3)', '3'],
    ['round(pi, 3)', '3.142'],
    ['gcd(12, 18)', '6'],
    ['combinations(5, 2)', '10'],
    ['mean([1, 2, 3, 4])', '2.5'],
  ])('applies functions: %s = %s', async (expression, result) => {
    expect((await evaluate(expression)).result).toBe(result)
  })

  it('knows constants and formats to the requested precision', async () => {
    expect((await evaluate('pi')).result).toBe('3.1415926535898')
    expect((await evaluate('pi', 3)).result).toBe('3.14')
    expect((await evaluate('e', 5)).result).toBe('2.7183')
    expect((await evaluate('phi', 4)).result).toBe('1.618')
    expect((await evaluate('bignumber(1) / 3', 30)).result).toBe('0.333333333333333333333333333333')
  })

  it('converts units', async () => {
    expect(await evaluate('5 cm + 2 inch to mm')).toEqual({ result: '100.8 mm', type: 'Unit' })
    expect((await evaluate('100 km/h to m/s', 4)).result).toBe('27.78 m / s')
  })

  it('works with matrices', async () => {
    expect(await evaluate('[1, 2; 3, 4] * [5; 6]')).toEqual({ result: '[[17], [39]]', type: 'DenseMatrix' })
    expect((await evaluate('det([1, 2; 3, 4])')).result).toBe('-2')
    expect((await evaluate('inv([1, 2; 3, 4])')).result).toBe('[[-2, 1], [1.5, -0.5]]')
    expect((await evaluate('1:5')).result).toBe('[1, 2, 3, 4, 5]')
  })

  it('returns fractions, big numbers, complex numbers and booleans', async () => {
    expect(await evaluate('fraction(1, 3) + fraction(1, 6)')).toEqual({ result: '1/2', type: 'Fraction' })
    expect(await evaluate('bignumber("0.1") + bignumber("0.2")')).toEqual({ result: '0.3', type: 'BigNumber' })
    expect(await evaluate('sqrt(-4)')).toEqual({ result: '2i', type: 'Complex' })
    expect(await evaluate('3 > 2 and not false')).toEqual({ result: 'true', type: 'boolean' })
  })

  it('returns the last value of several statements and keeps nothing between calls', async () => {
    expect(await call('r = 3; pi * r^2')).toMatchObject({
      content: '28.274333882308',
      structured: { result: '28.274333882308' },
    })
    expect((await evaluate('f(x) = x^2 + 1\nf(3)')).result).toBe('10')
    const error = await rejection('r')
    expect(error.message).toContain('Undefined symbol r')
  })

  describe('rejects mistakes with what is wrong and how to fix it', () => {
    it.each([
      ['2 +* 3', 'Value expected (char 4)', 'use * for multiplication'],
      ['sqrt(16', 'Parenthesis ) expected', 'matching parentheses'],
      ['foo + 1', 'Undefined symbol foo', 'assign the variable first'],
      ['foo(1)', 'Undefined function foo', 'built-in function such as sqrt'],
      ['2 inch to kg', 'Units do not match', 'compatible units'],
      ['[1, 2] + [1, 2, 3]', 'mismatch', 'matrix sizes'],
      ['det([1, 2])', 'Matrix must be square', 'matrix sizes'],
      ['fraction(1) / 0', 'Division by Zero', 'Avoid dividing by zero'],
      ['sqrt(1, 2)', 'Too many arguments in function sqrt', 'as many arguments'],
      ['"a" + 1', 'Cannot convert "a" to a number', 'convert with number()'],
      ['x = 1;', 'hides its value', 'remove the last ";"'],
    ])('%s', async (expression, problem, fix) => {
      const error = await rejection(expression)
      expect(error.code).toBe('calculator.invalid_expression')
      expect(error.message).toContain(`Cannot evaluate "${expression}"`)
      expect(error.message).toContain(problem)
      expect(error.message).toContain(fix)
    })

    it('an empty expression', async () => {
      const error = await rejection('  ')
      expect(error).toMatchObject({ code: 'calculator.invalid_expression' })
      expect(error.message).toContain('empty')
    })
  })

  describe('refuses what could reach code or the environment', () => {
    it.each([
      'import({ pi: 3 })',
      'evaluate("1 + 1")',
      'parse("1 + 1")',
      'compile("1 + 1")',
      'parser()',
      'simplify("x + x")',
      'derivative("x^2", "x")',
      'rationalize("1/x + 1")',
      'resolve(1)',
      'reviver("key", 1)',
      'createUnit("smoot", "170 cm")',
      'config({ number: "BigNumber" })',
      'typed("f", {})',
    ])('%s', async (expression) => {
      const error = await rejection(expression)
      expect(error.code).toBe('calculator.invalid_expression')
      expect(error.message).toMatch(/Function \w+ is not available in this calculator/)
    })

    it.each([
      '[].constructor',
      'cos.constructor',
      'cos.constructor("return process")',
      'cos.constructor("return process")()',
      'f = cos; f.constructor("return process")',
      'a = {}; a["__proto__"]',
      '"x".length',
      '[1, 2].map',
    ])('property access: %s', async (expression) => {
      const error = await rejection(expression)
      expect(error.code).toBe('calculator.invalid_expression')
      expect(error.message).toMatch(/No access to|Cannot access method|Value expected/)
    })

    it('keeps the instance unchanged by refused calls', async () => {
      await rejection('config({ number: "BigNumber" })')
      expect(await evaluate('0.1 + 0.2')).toEqual({ result: '0.3', type: 'number' })
      await rejection('createUnit("smoot", "170 cm")')
      expect((await rejection('2 smoot')).message).toContain('Undefined symbol smoot')
    })
  })

  describe('limits', () => {
    it('refuses an expression that is too long', async () => {
      const error = await rejection('1+'.repeat(500) + '1')
      expect(error).toMatchObject({ code: 'calculator.limit_exceeded', details: { limit: 'expressionLength' } })
      expect(error.message).toContain(`at most ${calculatorLimits.expressionLength.toLocaleString('en-US')}`)
    })

    it('refuses results with too many elements or characters', async () => {
      const matrix = await rejection('ones(40, 40)')
      expect(matrix).toMatchObject({ code: 'calculator.limit_exceeded', details: { limit: 'resultElements' } })
      expect(matrix.message).toContain('a 40×40 matrix with 1,600 elements; at most 1,000')
      expect((await rejection('range(1, 2000)')).message).toContain('a vector with 2,000 elements')
      const text = await rejection('(1:1000) / 7')
      expect(text).toMatchObject({ code: 'calculator.limit_exceeded', details: { limit: 'resultCharacters' } })
      expect(text.message).toMatch(/characters long; at most 10,000/)
      expect((await evaluate('sum(1:100000)')).result).toBe('5000050000')
    })

    it('stops an evaluation that needs too much memory, then evaluates again', async () => {
      const error = await rejection('zeros(1e5, 1e5)')
      // Which bound stops it first depends on how fast the machine fills the heap (MathRunner's own
      // tests pin the memory report); either way the engine dies, not this process.
      expect(error).toMatchObject({ code: 'calculator.limit_exceeded' })
      const { limit } = error.details as { limit: string }
      expect(['memoryMb', 'timeoutMs']).toContain(limit)
      if (limit === 'memoryMb') expect(error.message).toContain(`more than ${calculatorLimits.memoryMb} MB of memory`)
      expect((await evaluate('1 + 1')).result).toBe('2')
    })

    it('stops an evaluation that takes too long, then evaluates again', async () => {
      const error = await rejection('f(n) = n <= 1 ? 1 : f(n - 1) + f(n - 2); f(50)')
      expect(error).toMatchObject({ code: 'calculator.limit_exceeded', details: { limit: 'timeoutMs' } })
      expect(error.message).toContain(`longer than ${calculatorLimits.timeoutMs / 1000} s`)
      expect((await evaluate('2 * 21')).result).toBe('42')
    })

    it('reports endless recursion as a mistake', async () => {
      const error = await rejection('f(n) = f(n + 1); f(1)')
      expect(error.code).toBe('calculator.invalid_expression')
      expect(error.message).toContain('Maximum call stack')
    })
  })

  it('stops when the call is aborted, then evaluates again', async () => {
    const controller = new AbortController()
    const pending = call('f(n) = n <= 1 ? 1 : f(n - 1) + f(n - 2); f(50)', undefined, controller.signal)
    setTimeout(() => controller.abort(new Error('cancelled by the run')), 200)
    await expect(pending).rejects.toThrow('cancelled by the run')
    expect((await evaluate('3^2')).result).toBe('9')
  })

  it('answers concurrent calls each with its own result', async () => {
    const expressions = ['1 + 1', 'sqrt(81)', '2^10', 'x = 7; x * 6', '5 cm to mm']
    const results = await Promise.all(expressions.map(async (expression) => (await evaluate(expression)).result))
    expect(results).toEqual(['2', '9', '1024', '42', '50 mm'])
  })

  it('validates its input through the schema', async () => {
    const { validate } = calculatorEvaluateTool.inputSchema['~standard']
    expect(await validate({ expression: '1 + 1' })).toEqual({ value: { expression: '1 + 1' } })
    expect(await validate({ expression: 'pi', precision: 5 })).toEqual({ value: { expression: 'pi', precision: 5 } })
    const invalid = [{}, { expression: 1 }, ...[0, 65, 2.5].map((precision) => ({ expression: 'pi', precision }))]
    for (const input of invalid) expect((await validate(input)).issues).toBeDefined()
  })

  it('describes its fields in its JSON Schema', () => {
    const schema = calculatorEvaluateTool.inputSchema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })
    expect(schema).toMatchObject({
      type: 'object',
      required: ['expression'],
      properties: { expression: { type: 'string' }, precision: { type: 'integer', minimum: 1, maximum: 64 } },
    })
    expect(JSON.stringify(schema)).toContain('Significant digits')
  })

  it('is read-only, renders its use and has a description from its text file', () => {
    expect(calculatorEvaluateTool.name).toBe('calculator.evaluate')
    expect(calculatorEvaluateTool.annotations).toEqual({ readOnly: true })
    expect(calculatorEvaluateTool.renderToolUseMessage?.({ expression: ' 2 +\n 3 ' })).toBe('Calculate 2 + 3')
    expect(calculatorEvaluateTool.description).toMatch(/^Evaluate a math expression/)
    expect(calculatorEvaluateTool.description).toContain('5 cm + 2 inch to mm')
  })
})

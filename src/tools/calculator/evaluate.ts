import { z } from 'zod'
import { defineTool } from '../../tool/define-tool.js'
import { ToolError } from '../../core/tool-error.js'
import { loadText } from '../../text/model-text.js'
import { formatCount } from '../../text/quantities.js'
import type { EngineReply } from './math-protocol.js'
import { MathRunner } from './math-runner.js'

/**
 * Bounds on an evaluation, besides those on its result (`resultLimits` in math-engine.ts). Each
 * violation is a `calculator.limit_exceeded` error naming the bound.
 */
export const calculatorLimits = {
  /** Characters in the expression. */
  expressionLength: 1_000,
  /** Wall-clock time of one evaluation. */
  timeoutMs: 3_000,
  /** Heap of the engine process that evaluates. */
  memoryMb: 256,
} as const

/** Significant digits of a result when the call gives no `precision`. */
export const defaultPrecision = 14

// The engine process runs this module's sibling file: the TypeScript source when tests load this
// module from source, the compiled JavaScript once built.
const engineUrl = new URL(import.meta.url.endsWith('.ts') ? './math-engine.ts' : './math-engine.js', import.meta.url)
const runner = new MathRunner({ engineUrl, timeoutMs: calculatorLimits.timeoutMs, memoryMb: calculatorLimits.memoryMb })

const inputSchema = z.object({
  expression: z
    .string()
    .describe(
      'The expression in mathjs syntax, e.g. sqrt(3^2 + 4^2) or 5 cm + 2 inch to mm (at most 1,000 characters).',
    ),
  precision: z
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe(`Significant digits of the result, 1 to 64; default ${defaultPrecision}.`),
})

/**
 * `calculator.evaluate`: evaluates a math expression with a restricted mathjs instance in a
 * separate engine process (never `eval`). Mistakes in the expression are `calculator.invalid_expression`, oversized
 * input, results or evaluations `calculator.limit_exceeded`. Structured output:
 * `{ expression, result, type }`, where `result` is the formatted value and `type` its mathjs type.
 */
export const calculatorEvaluateTool = defineTool({
  name: 'calculator.evaluate',
  description: loadText(import.meta.url, 'evaluate.description.md'),
  inputSchema,
  annotations: { readOnly: true },
  call: async ({ expression, precision }, ctx) => {
    if (expression.length > calculatorLimits.expressionLength) {
      const [length, max] = [expression.length, calculatorLimits.expressionLength].map(formatCount)
      throw new ToolError(
        'calculator.limit_exceeded',
        `The expression has ${length} characters; at most ${max} are allowed.`,
        {
          limit: 'expressionLength',
          value: expression.length,
        },
      )
    }
    const trimmed = expression.trim()
    if (trimmed === '') {
      throw new ToolError('calculator.invalid_expression', 'The expression is empty. Give one such as 2 * (3 + 4)^2.')
    }
    const reply = await runner.evaluate({ expression: trimmed, precision: precision ?? defaultPrecision }, ctx.signal)
    if (!reply.ok) {
      throw reply.kind === 'limit'
        ? new ToolError('calculator.limit_exceeded', reply.message, { limit: reply.limit })
        : new ToolError('calculator.invalid_expression', explainError(trimmed, reply), { name: reply.name })
    }
    // Echo a short single statement so that the result reads on its own; longer input only costs tokens.
    const content = trimmed.length <= 100 && !/[;\n]/.test(trimmed) ? `${trimmed} = ${reply.result}` : reply.result
    return { content, structured: { expression: trimmed, result: reply.result, type: reply.type } }
  },
  renderToolUseMessage: ({ expression }) => `Calculate ${shorten(expression.trim().replace(/\s+/g, ' '), 80)}`,
  renderToolResultMessage: (output) => `= ${shorten(String(output.structured?.result ?? ''), 80)}`,
})

/** Stops the calculator's engine process; the next call starts a new one. For shutdown and tests. */
export function closeCalculator(): Promise<void> {
  return runner.close()
}

/** The model-facing message for an expression mathjs rejected: what is wrong, then how to fix it. */
function explainError(expression: string, reply: Extract<EngineReply, { kind: 'error' }>): string {
  const problem = reply.message.replace(/\.$/, '')
  return `Cannot evaluate "${shorten(expression, 100)}": ${problem}. ${hint(reply)}`
}

/**
 * How to fix a rejected expression. Each pattern is tried on `<error name>: <message>`; the first
 * that matches gives the hint.
 */
const hints: ReadonlyArray<readonly [pattern: RegExp, hint: string]> = [
  [
    /^\w+: (Units do not match|Unit ".*" not found)/,
    'Convert only between compatible units (length to length: 2 inch to cm) ' +
      'and use unit names mathjs knows, such as cm, inch, mi, km/h, kg, lb, degC.',
  ],
  [
    /^SyntaxError:/,
    'Check the expression at that character: use * for multiplication, ^ for powers and matching parentheses, ' +
      'e.g. 2 * (3 + 4)^2.',
  ],
  [
    /^\w+: Undefined symbol/,
    'Use a built-in constant (pi, e, i, phi) or unit (cm, kg, s), or assign the variable first: x = 3; x^2.',
  ],
  [/^\w+: Undefined function/, 'Use a built-in function such as sqrt, abs, round, log, sin, det or inv.'],
  [/is not available in this calculator/, 'Write the math directly instead, e.g. 2^10 rather than evaluate("2^10").'],
  [
    /^\w+: (No access to|Cannot access method)/,
    'Only mathematical values are reachable: JavaScript properties and methods are not.',
  ],
  [/Maximum call stack/, 'A function calls itself without end; give it a case that stops the recursion.'],
  [/^\w+: Too (many|few) arguments/, 'Give the function as many arguments as it takes, e.g. sqrt(16) or log(100, 10).'],
  [
    /^(DimensionError|IndexError):|mismatch|must be square|determinant is zero/i,
    'Check the matrix sizes: operands must have matching sizes, inverses need a square matrix with a nonzero ' +
      'determinant, and indexes start at 1.',
  ],
  [/division by zero/i, 'Avoid dividing by zero.'],
  [
    /convert/i,
    'Give values of a type the function accepts; convert with number(), fraction() or bignumber() where needed.',
  ],
  [/^NoResult:/, 'End the expression with the value to compute.'],
]

function hint({ name, message }: Extract<EngineReply, { kind: 'error' }>): string {
  const error = `${name}: ${message}`
  return (
    hints.find(([pattern]) => pattern.test(error))?.[1] ??
    "Check the function's arguments: their number, types, units and sizes."
  )
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`
}

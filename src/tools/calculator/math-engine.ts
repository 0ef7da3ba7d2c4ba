import { all, create } from 'mathjs'
import type { EngineMarker, EngineMessage, EngineReply, EngineRequest } from './math-protocol.js'

// This module is the calculator's engine process (see math-runner.ts), run straight from its
// TypeScript source in tests: its only runtime import is mathjs; relative imports are type-only.

/** Bounds on a result; larger ones are refused before they reach the model. */
export const resultLimits = {
  /** Elements of a matrix or array result. */
  elements: 1_000,
  /** Characters of the formatted result. */
  characters: 10_000,
} as const

/**
 * Functions taken away from expressions. The mathjs security guide names `import` and `createUnit`
 * (they change the instance) and `evaluate`, `parse`, `simplify` and `derivative` (they turn strings
 * into expression trees); the rest are of the same two kinds, `reviver` revives objects from JSON,
 * and `help` would run its examples through the disabled `evaluate`.
 */
export const disabledFunctions = [
  'import',
  'createUnit',
  'reviver',
  'evaluate',
  'parse',
  'compile',
  'parser',
  'resolve',
  'simplify',
  'simplifyConstant',
  'simplifyCore',
  'derivative',
  'rationalize',
  'leafCount',
  'symbolicEqual',
  'help',
] as const

/**
 * Functions taken away from the expression namespace only. `config` would reconfigure the instance
 * for every later call and `typed` builds new functions; overriding them on the instance itself, as
 * `import` does, would break the functions mathjs creates lazily with them as dependencies.
 */
export const namespaceOnlyDisabledFunctions = ['config', 'typed'] as const

// mathjs declares its factory maps through an index signature, so `all` reads as possibly undefined.
if (all === undefined) throw new Error('mathjs exports no factory map "all"')
const math = create(all)
// Captured before the functions are disabled: it keeps its own parser, while expressions lose theirs.
const evaluate = math.evaluate

function disabled(name: string): () => never {
  return () => {
    throw new Error(`Function ${name} is not available in this calculator`)
  }
}

math.import(Object.fromEntries(disabledFunctions.map((name) => [name, disabled(name)])), { override: true })
// Not in mathjs's type declarations, so reached through a checked cast; failing here beats running unrestricted.
const expressionNamespace = (math as unknown as { expression?: { mathWithTransform?: Record<string, unknown> } })
  .expression?.mathWithTransform
if (expressionNamespace === undefined) throw new Error('mathjs has no expression namespace to restrict')
for (const name of namespaceOnlyDisabledFunctions) expressionNamespace[name] = disabled(name)

/**
 * Evaluates an expression on the restricted instance, with a fresh scope, and formats its result.
 * Of several statements (`r = 2; pi r^2`) the last visible value is the result. Never throws.
 */
export function evaluateMath(request: EngineRequest): EngineReply {
  let value: unknown
  try {
    value = evaluate(request.expression, new Map<string, unknown>())
    if (math.isResultSet(value)) {
      const entries: readonly unknown[] = value.entries
      if (entries.length === 0) {
        return noResult('every statement ends with ";", which hides its value; remove the last ";"')
      }
      value = entries[entries.length - 1]
    }
    if (value === undefined) return noResult('the expression has no value')
    const tooLarge = checkElements(value)
    if (tooLarge !== undefined) return { ok: false, kind: 'limit', limit: 'resultElements', message: tooLarge }
    // mathjs switches to exponents from 1e5 by default; plain digits read better up to the precision.
    const result = math.format(value, { precision: request.precision, lowerExp: -7, upperExp: request.precision })
    if (result.length > resultLimits.characters) {
      return {
        ok: false,
        kind: 'limit',
        limit: 'resultCharacters',
        message:
          `The result is ${count(result.length)} characters long; at most ${count(resultLimits.characters)} are returned. ` +
          'Reduce it or lower the precision.',
      }
    }
    return { ok: true, result, type: math.typeOf(value) }
  } catch (error) {
    return {
      ok: false,
      kind: 'error',
      name: error instanceof Error ? error.name : 'Error',
      message: error instanceof Error ? error.message : String(error),
    }
  }
}

function noResult(message: string): EngineReply {
  return { ok: false, kind: 'error', name: 'NoResult', message }
}

/** A message when `value` holds more elements than a result may, else undefined. */
function checkElements(value: unknown): string | undefined {
  const elements = countElements(value)
  if (elements <= resultLimits.elements) return undefined
  const size = math.isMatrix(value) ? value.size() : []
  const shape = size.length === 1 ? 'a vector' : size.length > 1 ? `a ${size.join('×')} matrix` : 'a collection'
  return (
    `The result is ${shape} with ${count(elements)} elements; at most ${count(resultLimits.elements)} are returned. ` +
    'Reduce it, e.g. with sum(), max(), size() or subset().'
  )
}

function countElements(value: unknown): number {
  if (math.isMatrix(value)) return value.size().reduce((product: number, length: number) => product * length, 1)
  if (Array.isArray(value)) return value.reduce((total: number, item: unknown) => total + countElements(item), 0)
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).reduce((total: number, item: unknown) => total + countElements(item), 0)
  }
  return 1
}

function count(value: number): string {
  return value.toLocaleString('en-US')
}

// Serve requests when started as the engine process; importing the module elsewhere does nothing more.
const engineMarker: EngineMarker = '--toolhost-calculator-engine'
if (process.send !== undefined && process.argv.includes(engineMarker)) {
  const send = (message: EngineMessage): void => {
    process.send?.(message)
  }
  process.on('message', (request: EngineRequest) => send({ type: 'reply', reply: evaluateMath(request) }))
  // The tool's process is gone: nothing is left to serve.
  process.on('disconnect', () => process.exit(0))
  send({ type: 'ready' })
}

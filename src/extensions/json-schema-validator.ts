import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { InputProblem, InputValidation } from '../tool/input-validation.js'
import type { JsonSchema } from '../core/json-schema.js'

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, validateFormats: true }))

/** A compiled JSON Schema validator for the input of an external tool. */
export type JsonInputValidator = (input: Record<string, unknown>) => InputValidation

/**
 * Compiles a tool's input JSON Schema with ajv (draft 2020-12, formats checked).
 * @throws TypeError when the schema is not a valid object schema, with ajv's reason
 */
export function compileInputSchema(schema: JsonSchema): JsonInputValidator {
  if (schema.type !== undefined && schema.type !== 'object') {
    throw new TypeError(`inputSchema must describe an object (type "object"), not ${JSON.stringify(schema.type)}`)
  }
  let validate: ValidateFunction
  try {
    validate = ajv.compile(schema)
  } catch (error) {
    throw new TypeError(`inputSchema is not a valid JSON Schema: ${(error as Error).message}`, { cause: error })
  }
  return (input) =>
    validate(input) ? { ok: true, value: input } : { ok: false, problems: (validate.errors ?? []).map(toProblem) }
}

function toProblem(error: ErrorObject): InputProblem {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index === 0 ? '' : '.'}${part}`))
    .join('')
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty?: unknown }).additionalProperty)
    return { path: path === '' ? extra : `${path}.${extra}`, message: 'is not a parameter of this tool' }
  }
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: unknown }).missingProperty)
    return { path: path === '' ? missing : `${path}.${missing}`, message: 'is required' }
  }
  return { path, message: error.message ?? error.keyword }
}

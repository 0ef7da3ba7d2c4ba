import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import type { InputProblem, InputValidation } from '../tool/input-validation.js'
import type { JsonSchema } from '../core/json-schema.js'
import { inspectSchema } from './schema-structure.js'
import { sharedAjv } from './shared-ajv.js'

/** A compiled JSON Schema validator for the input of an external tool. */
export type JsonInputValidator = (input: Record<string, unknown>) => InputValidation

/**
 * Checks a tool's input JSON Schema (draft 2020-12, formats checked) at once and returns its
 * validator. Compiling is what costs (generated code, for every tool of a large catalog), so a
 * schema is compiled on the validator's first use, once; only a schema whose references ajv must
 * resolve itself is compiled at once, so that every fault is still reported here.
 * @throws TypeError when the schema is not a valid object schema, with ajv's reason
 */
export function compileInputSchema(schema: JsonSchema): JsonInputValidator {
  if (schema.type !== undefined && schema.type !== 'object') {
    throw new TypeError(`inputSchema must describe an object (type "object"), not ${JSON.stringify(schema.type)}`)
  }
  const structure = invalidIfThrows(() => {
    // Throws with ajv's reasons when the schema does not match the 2020-12 meta-schema.
    void sharedAjv().validateSchema(schema, true)
    return inspectSchema(schema)
  })
  if (structure.invalidPattern !== undefined) throw invalidSchema(structure.invalidPattern)
  let validate = structure.selfContained ? undefined : compile(schema)
  return (input) => {
    validate ??= compile(schema)
    // Only `true` admits: anything else (an async schema's promise) is a failed check, never a pass.
    return validate(input) === true
      ? { ok: true, value: input }
      : { ok: false, problems: (validate.errors ?? []).map(toProblem) }
  }
}

function compile(schema: JsonSchema): ValidateFunction {
  const validate = invalidIfThrows(() => sharedAjv().compile(schema))
  // An async validator answers with a promise, which would read as valid: refused outright.
  if ((validate as { $async?: unknown }).$async === true)
    throw invalidSchema('"$async" schemas are not supported: a tool input is checked synchronously; remove "$async"')
  return validate
}

function invalidIfThrows<T>(check: () => T): T {
  try {
    return check()
  } catch (error) {
    throw invalidSchema((error as Error).message, error)
  }
}

function invalidSchema(reason: string, cause?: unknown): TypeError {
  return new TypeError(`inputSchema is not a valid JSON Schema: ${reason}`, { cause })
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

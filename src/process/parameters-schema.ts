import type { JsonSchema } from '../core/json-schema.js'
import { parameterTypes, type ParameterType, type ProcessParameter } from './process-spec.js'
import type { SpecReader } from './spec-reader.js'
import { readField, synonymsOf } from './synonym-field.js'

const parameterKeys = ['type', 'required', 'description', 'enum', 'default', 'items']
const itemTypes = ['string', 'number', 'integer', 'boolean'] as const
// Names every model protocol accepts as property names.
const parameterName = /^[A-Za-z0-9_.-]{1,64}$/

/**
 * Reads the `parameters` mapping of a tool (`name: { type, required, description, enum, default,
 * items }`), reporting problems through `reader`. Returns `undefined` when any parameter is invalid.
 */
export function readParameters(reader: SpecReader, node: unknown, line: number): ProcessParameter[] | undefined {
  if (node === undefined || node === null) return []
  const fields = reader.fields(node, 'parameters', 'any', line)
  if (fields === undefined) return undefined
  const parameters: (ProcessParameter | undefined)[] = []
  for (const [name, value] of fields.values) {
    const at = fields.lineOf(name)
    if (!parameterName.test(name)) {
      parameters.push(
        reader.report(at, `parameter name "${name}" may contain only letters, digits, "_", "-" and "." (at most 64)`),
      )
      continue
    }
    parameters.push(readParameter(reader, name, value, at))
  }
  return parameters.every((p) => p !== undefined) ? parameters : undefined
}

function readParameter(reader: SpecReader, name: string, node: unknown, line: number): ProcessParameter | undefined {
  const what = `parameters.${name}`
  const problemsBefore = reader.problems.length
  const fields = reader.fields(node, what, [...parameterKeys, ...synonymsOf(parameterKeys)], line)
  if (fields === undefined) return undefined
  const get = (key: string) => fields.values.get(key)
  const type = reader.choice(get('type'), `${what}.type`, fields.lineOf('type'), parameterTypes)
  const required =
    get('required') === undefined
      ? false
      : reader.boolean(get('required'), `${what}.required`, fields.lineOf('required'))
  const written = readField(reader, fields, 'description', what)
  const description =
    written.node === undefined ? undefined : reader.string(written.node, `${what}.description`, written.line)
  const items =
    get('items') === undefined
      ? undefined
      : reader.choice(get('items'), `${what}.items`, fields.lineOf('items'), itemTypes)
  if (items !== undefined && type !== 'array')
    reader.report(fields.lineOf('items'), `${what}.items is only for parameters of type array`)
  if (type === undefined || required === undefined || reader.problems.length > problemsBefore) return undefined

  const parameter: { -readonly [K in keyof ProcessParameter]: ProcessParameter[K] } = { name, type, required }
  if (description !== undefined) parameter.description = description
  if (items !== undefined) parameter.items = items
  if (get('enum') !== undefined) {
    const choices = reader.list(get('enum'), `${what}.enum`, fields.lineOf('enum'))
    if (choices === undefined) return undefined
    const values = choices.map((choice) => reader.plain(choice))
    if (values.length === 0) return reader.report(fields.lineOf('enum'), `${what}.enum must list at least one value`)
    const wrong = values.find((value) => !fitsType(value, type, items))
    if (wrong !== undefined)
      return reader.report(fields.lineOf('enum'), `${what}.enum value ${JSON.stringify(wrong)} is not of type ${type}`)
    parameter.enum = values
  }
  if (get('default') !== undefined) {
    const value = reader.plain(get('default'))
    const at = fields.lineOf('default')
    if (required) return reader.report(at, `${what} is required, so it cannot have a default`)
    if (!fitsType(value, type, items))
      return reader.report(at, `${what}.default ${JSON.stringify(value)} is not of type ${type}`)
    if (parameter.enum !== undefined && !parameter.enum.some((choice) => sameValue(choice, value))) {
      return reader.report(at, `${what}.default ${JSON.stringify(value)} is not one of its enum values`)
    }
    parameter.default = value
  }
  return parameter
}

/** The parameters as a closed JSON Schema (2020-12) object. */
export function parametersSchema(parameters: readonly ProcessParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const parameter of parameters) {
    const schema: JsonSchema = { type: parameter.type }
    if (parameter.description !== undefined) schema.description = parameter.description
    if (parameter.items !== undefined) schema.items = { type: parameter.items }
    if (parameter.enum !== undefined) schema.enum = [...parameter.enum]
    if (parameter.default !== undefined) schema.default = parameter.default
    properties[parameter.name] = schema
  }
  const required = parameters.filter((p) => p.required).map((p) => p.name)
  return { type: 'object', properties, ...(required.length > 0 && { required }), additionalProperties: false }
}

/** The input with the declared defaults filled in for parameters it leaves out. */
export function withDefaults(
  input: Record<string, unknown>,
  parameters: readonly ProcessParameter[],
): Record<string, unknown> {
  const filled = { ...input }
  for (const parameter of parameters) {
    if (parameter.default !== undefined && !Object.hasOwn(filled, parameter.name))
      filled[parameter.name] = structuredClone(parameter.default)
  }
  return filled
}

function fitsType(value: unknown, type: ParameterType, items: ProcessParameter['items']): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'array':
      return Array.isArray(value) && (items === undefined || value.every((item) => fitsType(item, items, undefined)))
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

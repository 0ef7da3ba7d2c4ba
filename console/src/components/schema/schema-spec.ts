/** The kinds of field the form draws; `json` is a raw-JSON text area for anything else. */
export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'array' | 'object' | 'json'

/** A JSON schema reduced to what the form needs to draw one field. */
export interface FieldSpec {
  readonly kind: FieldKind
  readonly title?: string
  readonly description?: string
  readonly default?: unknown
  /** `enum`: the allowed values. */
  readonly options?: readonly unknown[]
  /** `array`: the item field (a scalar, an enum or an object). */
  readonly items?: FieldSpec
  /** `object`: the properties, in the schema's order. */
  readonly properties?: readonly PropertySpec[]
  /** `string`: a multi-line text is expected (long limits or a format that says so). */
  readonly multiline?: boolean
  readonly minimum?: number
  readonly maximum?: number
}

/** One property of an object field. */
export interface PropertySpec {
  readonly name: string
  readonly required: boolean
  readonly spec: FieldSpec
}

type Schema = Readonly<Record<string, unknown>>

const scalarKinds: ReadonlySet<FieldKind> = new Set(['string', 'number', 'integer', 'boolean', 'enum'])

/** Whether a field is drawn as one input (arrays of these get a list of inputs). */
export function isScalar(spec: FieldSpec): boolean {
  return scalarKinds.has(spec.kind)
}

/**
 * Reduces a JSON schema to a {@link FieldSpec}: strings, numbers, integers, booleans, enums (and
 * `const`, or an `anyOf` of constants), arrays of those or of objects, and objects with properties;
 * a nullable type counts as its other type. Anything else (unions, tuples, `$ref`) is `json`.
 * @example
 * describeSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] })
 * // { kind: 'object', properties: [{ name: 'n', required: true, spec: { kind: 'integer' } }] }
 */
export function describeSchema(schema: unknown): FieldSpec {
  if (!isSchema(schema)) return { kind: 'json' }
  const common = {
    ...(typeof schema.title === 'string' && { title: schema.title }),
    ...(typeof schema.description === 'string' && { description: schema.description }),
    ...('default' in schema && { default: schema.default }),
  }
  const options = enumOptions(schema)
  if (options !== undefined) return { kind: 'enum', options, ...common }
  const variants = schema.anyOf ?? schema.oneOf
  if (Array.isArray(variants)) {
    // `T | null` (how optional-nullable fields are often written) is drawn as T.
    const others = variants.filter((variant) => !(isSchema(variant) && variant.type === 'null'))
    if (others.length === 1 && others.length < variants.length) return { ...describeSchema(others[0]), ...common }
    return { kind: 'json', ...common }
  }
  const type = singleType(schema.type)
  switch (type) {
    case 'string':
      return {
        kind: 'string',
        ...common,
        ...(multilineString(schema) && { multiline: true }),
      }
    case 'number':
    case 'integer':
      return {
        kind: type,
        ...common,
        ...(typeof schema.minimum === 'number' && { minimum: schema.minimum }),
        ...(typeof schema.maximum === 'number' && { maximum: schema.maximum }),
      }
    case 'boolean':
      return { kind: 'boolean', ...common }
    case 'array': {
      const items = Array.isArray(schema.items) ? undefined : describeSchema(schema.items)
      // Lists of scalars and of objects get a row per item; lists of lists or unions stay JSON.
      return items !== undefined && (isScalar(items) || items.kind === 'object')
        ? { kind: 'array', items, ...common }
        : { kind: 'json', ...common }
    }
    case 'object': {
      if (!isSchema(schema.properties)) return { kind: 'json', ...common }
      const required = new Set(
        Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === 'string') : [],
      )
      const properties = Object.entries(schema.properties).map(([name, property]) => ({
        name,
        required: required.has(name),
        spec: describeSchema(property),
      }))
      return { kind: 'object', properties, ...common }
    }
    default:
      return { kind: 'json', ...common }
  }
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function enumOptions(schema: Schema): readonly unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.filter((value) => value !== null)
  if ('const' in schema) return [schema.const]
  const variants = schema.anyOf ?? schema.oneOf
  if (Array.isArray(variants) && variants.length > 0 && variants.every((v) => isSchema(v) && 'const' in v))
    return variants.map((v) => (v as Schema).const)
  return undefined
}

/** The one non-null type of a schema, or `undefined` when it has none or several. */
function singleType(type: unknown): string | undefined {
  if (typeof type === 'string') return type
  if (!Array.isArray(type)) return undefined
  const others = type.filter((t) => t !== 'null')
  return others.length === 1 && typeof others[0] === 'string' ? others[0] : undefined
}

function multilineString(schema: Schema): boolean {
  if (typeof schema.maxLength === 'number' && schema.maxLength <= 200) return false
  const hint = `${typeof schema.description === 'string' ? schema.description : ''}`.toLowerCase()
  // Code, commands, file contents and patches are written over several lines.
  return (
    schema.contentMediaType !== undefined || /\b(content|code|patch|script|text|body|source)\b/.test(hint.slice(0, 80))
  )
}

import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import { toGeminiSubset } from './gemini-subset.js'

/** Lowers `property` as the only property of a root object and returns it with the drops' paths. */
function lowerProperty(property: unknown): { schema: unknown; drops: string[]; reasons: string[] } {
  const result = toGeminiSubset({ type: 'object', properties: { p: property }, required: ['p'] })
  const properties = result.schema.properties as JsonSchema
  return {
    schema: properties.p,
    drops: result.dropped.map((drop) => drop.path),
    reasons: result.dropped.map((drop) => drop.reason),
  }
}

describe('toGeminiSubset', () => {
  it('keeps what Gemini takes', () => {
    const property = {
      type: 'string',
      title: 'Unit',
      description: 'Temperature unit',
      enum: ['celsius', 'fahrenheit'],
      minLength: 1,
      maxLength: 10,
      pattern: '^[a-z]+$',
      format: 'date-time',
    }
    expect(lowerProperty(property)).toEqual({ schema: property, drops: [], reasons: [] })
    const numbers = { type: 'integer', minimum: 0, maximum: 10, format: 'int32' }
    expect(lowerProperty(numbers).schema).toEqual(numbers)
    const list = { type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 3 }
    expect(lowerProperty(list).schema).toEqual(list)
  })

  it('turns a type list with null into type + nullable', () => {
    expect(lowerProperty({ type: ['string', 'null'], description: 'd' })).toEqual({
      schema: { type: 'string', nullable: true, description: 'd' },
      drops: ['/properties/p/type'],
      reasons: ['Gemini takes one type per schema; null became nullable: true'],
    })
  })

  it('turns a type list of several types into an anyOf, sharing out the keywords', () => {
    const { schema, drops } = lowerProperty({
      type: ['string', 'integer', 'null'],
      minLength: 2,
      minimum: 1,
      description: 'd',
    })
    expect(schema).toEqual({
      description: 'd',
      anyOf: [
        { type: 'string', minLength: 2 },
        { type: 'integer', minimum: 1 },
      ],
      nullable: true,
    })
    expect(drops).toEqual(['/properties/p/type'])
  })

  it('turns anyOf with a null branch into nullable, merging a single branch', () => {
    expect(
      lowerProperty({ description: 'An email', anyOf: [{ type: 'string', description: 'inner' }, { type: 'null' }] }),
    ).toEqual({
      schema: { type: 'string', nullable: true, description: 'An email' },
      drops: ['/properties/p/anyOf'],
      reasons: ['the null branch became nullable: true'],
    })
  })

  it('keeps a real union as anyOf, nullable when it had a null branch', () => {
    const { schema } = lowerProperty({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] })
    expect(schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true })
  })

  it('rewrites oneOf as anyOf and const as a one-value enum', () => {
    const { schema, drops } = lowerProperty({
      oneOf: [
        { type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] },
        { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
      ],
    })
    expect(schema).toEqual({
      anyOf: [
        { type: 'object', properties: { kind: { type: 'string', enum: ['a'] } }, required: ['kind'] },
        { type: 'object', properties: { kind: { type: 'string', enum: ['b'] } }, required: ['kind'] },
      ],
    })
    expect(drops).toEqual([
      '/properties/p/oneOf',
      '/properties/p/anyOf/0/properties/kind/const',
      '/properties/p/anyOf/1/properties/kind/const',
    ])
  })

  it('turns a union of string constants into one enum', () => {
    expect(
      lowerProperty({
        description: 'Kind',
        anyOf: [{ const: 'a' }, { type: 'string', enum: ['b', 'c'] }, { const: null }],
      }).schema,
    ).toEqual({
      type: 'string',
      description: 'Kind',
      enum: ['a', 'b', 'c'],
      nullable: true,
    })
  })

  it('keeps string enum values only, and moves null to nullable', () => {
    expect(lowerProperty({ type: 'string', enum: ['a', '', 1, null] })).toEqual({
      schema: { type: 'string', nullable: true, enum: ['a'] },
      drops: ['/properties/p/enum'],
      reasons: ['Gemini enums take non-empty strings only; "", 1 removed'],
    })
    expect(lowerProperty({ type: 'integer', enum: [1, 2] })).toEqual({
      schema: { type: 'integer' },
      drops: ['/properties/p/enum'],
      reasons: ['Gemini enums take strings only; removed from this integer schema'],
    })
    expect(lowerProperty({ enum: ['x', 'y'] }).schema).toEqual({ type: 'string', enum: ['x', 'y'] })
  })

  it('removes keywords outside the subset, each reported', () => {
    const { schema, drops } = lowerProperty({
      type: 'object',
      properties: { a: { type: 'string', default: 'x', examples: ['y'] } },
      additionalProperties: false,
      patternProperties: { '^x-': { type: 'string' } },
      $comment: 'left over',
    })
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
    expect(drops).toEqual([
      '/properties/p/properties/a/default',
      '/properties/p/properties/a/examples',
      '/properties/p/additionalProperties',
      '/properties/p/patternProperties',
      '/properties/p/$comment',
    ])
  })

  it('removes keywords of another type', () => {
    const { schema, reasons } = lowerProperty({ type: 'string', items: { type: 'string' }, minimum: 3 })
    expect(schema).toEqual({ type: 'string' })
    expect(reasons).toEqual([
      'applies to array values only, and this schema is of type string',
      'applies to number values only, and this schema is of type string',
    ])
  })

  it('keeps only the formats Gemini takes', () => {
    expect(lowerProperty({ type: 'string', format: 'email' })).toEqual({
      schema: { type: 'string' },
      drops: ['/properties/p/format'],
      reasons: ['Gemini takes only the formats date-time, enum for string'],
    })
    expect(lowerProperty({ type: 'number', format: 'double' }).schema).toEqual({ type: 'number', format: 'double' })
  })

  it('turns exclusive bounds into inclusive ones', () => {
    expect(lowerProperty({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 }).schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 9,
    })
    expect(lowerProperty({ type: 'number', exclusiveMinimum: 0 }).schema).toEqual({ type: 'number', minimum: 0 })
    expect(lowerProperty({ type: 'integer', minimum: 5, exclusiveMinimum: 2 }).schema).toEqual({
      type: 'integer',
      minimum: 5,
    })
    expect(lowerProperty({ type: 'integer', exclusiveMinimum: 7, minimum: 5 }).schema).toEqual({
      type: 'integer',
      minimum: 8,
    })
    // Draft-04 boolean form.
    expect(lowerProperty({ type: 'integer', minimum: 0, exclusiveMinimum: true }).schema).toEqual({
      type: 'integer',
      minimum: 1,
    })
  })

  it('merges allOf', () => {
    const { schema, drops } = lowerProperty({
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { properties: { b: { type: 'number' } }, required: ['b'] },
      ],
    })
    expect(schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['b'],
    })
    expect(drops).toEqual(['/properties/p/allOf'])
  })

  it('drops an anyOf that only adds constraints to a typed schema', () => {
    const { schema, drops } = lowerProperty({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    })
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } })
    expect(drops).toEqual(['/properties/p/anyOf'])
  })

  it('gives a schema without a type (any value) a typed stand-in', () => {
    expect(lowerProperty({ description: 'Anything' })).toEqual({
      schema: { description: 'Anything', anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
      drops: ['/properties/p/type'],
      reasons: ['Gemini cannot say "any value"; offered as string, number or boolean'],
    })
    expect(lowerProperty(true).schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] })
  })

  it('describes a null-only schema as a nullable string', () => {
    expect(lowerProperty({ type: 'null' }).schema).toEqual({ type: 'string', nullable: true })
  })

  it('gives an array without items an item schema', () => {
    const { schema, drops } = lowerProperty({ type: 'array' })
    expect(schema).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    })
    expect(drops).toEqual(['/properties/p/items/type'])
  })

  it('turns a tuple into one items schema', () => {
    const { schema, drops } = lowerProperty({
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      minItems: 2,
      maxItems: 2,
    })
    expect(schema).toEqual({
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    })
    expect(drops).toEqual(['/properties/p/prefixItems'])
  })

  it('omits empty properties: reported at the root so the caller sends no parameters', () => {
    const root = toGeminiSubset({ type: 'object', properties: {}, required: [] })
    expect(root.schema).toEqual({ type: 'object' })
    expect(root.dropped).toEqual([
      { path: '/properties', keyword: 'properties', reason: expect.stringContaining('without parameters') },
    ])

    const { schema, drops } = lowerProperty({ type: 'object', additionalProperties: { type: 'number' } })
    expect(schema).toEqual({ type: 'object' })
    expect(drops).toEqual(['/properties/p/additionalProperties', '/properties/p/properties'])
  })

  it('keeps required names that exist and removes forbidden properties', () => {
    const result = toGeminiSubset({
      type: 'object',
      properties: { a: { type: 'string' }, secret: false },
      required: ['a', 'ghost'],
      propertyOrdering: ['a', 'ghost'],
    })
    expect(result.schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      propertyOrdering: ['a'],
    })
    expect(result.dropped.map((drop) => drop.path)).toEqual(['/properties/secret', '/required'])
  })

  it('does not change its input', () => {
    const schema = { type: 'object', properties: { a: { type: ['string', 'null'], const: 'x' } } }
    const copy = structuredClone(schema)
    toGeminiSubset(schema)
    expect(schema).toEqual(copy)
  })
})

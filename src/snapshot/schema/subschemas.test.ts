import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import { mapSubschemas } from './subschemas.js'

describe('mapSubschemas', () => {
  const mark = (schema: JsonSchema): { schema: JsonSchema; seen: string[] } => {
    const seen: string[] = []
    const result = mapSubschemas(schema, (sub, tokens) => {
      seen.push(tokens.join('/'))
      return typeof sub === 'boolean' ? sub : { ...sub, seen: true }
    })
    return { schema: result, seen }
  }

  it('visits every keyword that holds subschemas', () => {
    const { seen } = mark({
      properties: { a: {}, b: true },
      patternProperties: { '^x': {} },
      additionalProperties: false,
      items: {},
      prefixItems: [{}, {}],
      anyOf: [{}],
      allOf: [{}],
      oneOf: [{}],
      not: {},
      if: {},
      then: {},
      else: {},
      $defs: { d: {} },
      definitions: { e: {} },
      dependentSchemas: { f: {} },
      propertyNames: {},
      contains: {},
    })
    expect(seen).toEqual([
      'properties/a',
      'properties/b',
      'patternProperties/^x',
      'additionalProperties',
      'items',
      'prefixItems/0',
      'prefixItems/1',
      'anyOf/0',
      'allOf/0',
      'oneOf/0',
      'not',
      'if',
      'then',
      'else',
      '$defs/d',
      'definitions/e',
      'dependentSchemas/f',
      'propertyNames',
      'contains',
    ])
  })

  it('never treats data as a schema', () => {
    const schema = { const: { $ref: '#/x' }, enum: [{ type: 'x' }], default: { a: 1 }, examples: [{}], required: ['a'] }
    const { schema: result, seen } = mark(schema)
    expect(seen).toEqual([])
    expect(result).toEqual(schema)
  })

  it('handles draft-07 list items and dependencies', () => {
    const { seen } = mark({ items: [{}, {}], dependencies: { a: ['b'], c: {} } })
    expect(seen).toEqual(['items/0', 'items/1', 'dependencies/c'])
  })

  it('does not change its input', () => {
    const schema = { properties: { a: { type: 'string' } } }
    const copy = structuredClone(schema)
    mark(schema)
    expect(schema).toEqual(copy)
  })
})

import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { inspectSchema } from './schema-structure.js'

describe('inspectSchema', () => {
  it.each<[string, JsonSchema]>([
    ['no references', { type: 'object', properties: { a: { type: 'string', pattern: '^a+$' } } }],
    ['a reference to the root', { type: 'object', properties: { again: { $ref: '#' } } }],
    [
      'escaped and percent-encoded pointers',
      {
        properties: { a: { $ref: '#/$defs/a~1b' }, b: { $ref: '#/$defs/with%20space' } },
        $defs: { 'a/b': { type: 'string' }, 'with space': { type: 'number' } },
      },
    ],
    [
      'a reference through subschema keywords',
      { properties: { a: { anyOf: [{ type: 'string' }] }, b: { $ref: '#/properties/a/anyOf/0' } } },
    ],
    ['a nullable with a type', { properties: { a: { type: 'string', nullable: true } } }],
  ])('lets %s wait for compiling', (_name, schema) => {
    expect(inspectSchema(schema)).toEqual({ selfContained: true })
  })

  it.each<[string, JsonSchema]>([
    ['a reference into data', { properties: { a: { $ref: '#/default' } }, default: { type: 'string' } }],
    ['a reference past a list', { properties: { a: { $ref: '#/allOf/7' } }, allOf: [{}] }],
    ['an anchor reference', { properties: { a: { $ref: '#name' } } }],
    ['a dialect below the root', { properties: { a: { $schema: 'https://json-schema.org/draft/2020-12/schema' } } }],
    ['an $id, even as a property name', { properties: { $id: { type: 'string' } } }],
    ['another meta-schema', { $schema: 'https://example.com/meta', type: 'object' }],
    ['a keyword ajv refuses', { properties: { a: { type: 'null', nullable: false } } }],
  ])('leaves %s to ajv at once', (_name, schema) => {
    expect(inspectSchema(schema)).toEqual({ selfContained: false })
  })

  it('finds bad patterns only where ajv compiles them', () => {
    expect(inspectSchema({ if: { type: 'object' }, then: { pattern: '(' } }).invalidPattern).toMatch(/Invalid regular/)
    expect(inspectSchema({ then: { pattern: '(' } })).toEqual({ selfContained: true })
    expect(inspectSchema({ items: { pattern: '\\p{L}+' } })).toEqual({ selfContained: true })
    expect(inspectSchema({ items: { pattern: '\\p' } }).invalidPattern).toMatch(/Invalid regular/)
  })
})

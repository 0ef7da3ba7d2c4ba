import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import { toOpenAIStrict } from './openai-strict.js'
import { strictLimits } from './strict-limits.js'

describe('toOpenAIStrict', () => {
  it('closes nested objects and objects in arrays, requiring every property', () => {
    const result = toOpenAIStrict({
      type: 'object',
      properties: {
        owner: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } },
      },
      required: ['owner', 'items'],
    })
    expect(result).toEqual({
      schema: {
        type: 'object',
        properties: {
          owner: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'integer' } },
              required: ['id'],
              additionalProperties: false,
            },
          },
        },
        required: ['owner', 'items'],
        additionalProperties: false,
      },
      dropped: [],
      strictCompatible: true,
      blockers: [],
    })
  })

  it('makes optional properties required and nullable', () => {
    const result = toOpenAIStrict({
      type: 'object',
      properties: {
        name: { type: 'string' },
        age: { type: 'integer', description: 'Years' },
        unit: { type: 'string', enum: ['c', 'f'] },
        mode: { enum: ['fast', 'slow'] },
        flag: { const: true },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        nested: { type: 'object', properties: { deep: { type: 'boolean' } } },
      },
      required: ['name'],
    })
    expect(result.strictCompatible).toBe(true)
    expect(result.schema.properties).toEqual({
      name: { type: 'string' },
      age: { type: ['integer', 'null'], description: 'Years' },
      unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
      mode: { enum: ['fast', 'slow', null] },
      flag: { enum: [true, null] },
      either: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      nested: {
        type: ['object', 'null'],
        properties: { deep: { type: ['boolean', 'null'] } },
        required: ['deep'],
        additionalProperties: false,
      },
    })
    expect(result.schema.required).toEqual(['name', 'age', 'unit', 'mode', 'flag', 'either', 'nested'])
    expect(result.dropped).toContainEqual({
      path: '/properties/age',
      keyword: 'required',
      reason: 'optional property made required (it now also allows null): null stands for "not given"',
    })
    expect(result.dropped).toContainEqual({
      path: '/properties/nested/properties/deep',
      keyword: 'required',
      reason: expect.stringContaining('optional property made required'),
    })
  })

  it('leaves already-nullable optional properties as they are', () => {
    const nullableProperties = {
      a: { type: ['string', 'null'] },
      b: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      c: { enum: ['x', null] },
    }
    const result = toOpenAIStrict({ type: 'object', properties: nullableProperties })
    expect(result.schema.properties).toEqual(nullableProperties)
    expect(result.dropped.map((drop) => drop.reason)).toEqual([
      'optional property made required (it already allowed null): null stands for "not given"',
      'optional property made required (it already allowed null): null stands for "not given"',
      'optional property made required (it already allowed null): null stands for "not given"',
    ])
  })

  it('converts the branches of anyOf, and oneOf into anyOf', () => {
    const result = toOpenAIStrict({
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { r: { type: 'number' } }, required: ['r'] },
            { type: 'object', properties: { w: { type: 'number' }, h: { type: 'number' } }, required: ['w'] },
          ],
        },
      },
      required: ['shape'],
    })
    expect(result.strictCompatible).toBe(true)
    expect(result.schema.properties).toEqual({
      shape: {
        anyOf: [
          { type: 'object', properties: { r: { type: 'number' } }, required: ['r'], additionalProperties: false },
          {
            type: 'object',
            properties: { w: { type: 'number' }, h: { type: ['number', 'null'] } },
            required: ['w', 'h'],
            additionalProperties: false,
          },
        ],
      },
    })
    expect(result.dropped.map((drop) => drop.path)).toEqual([
      '/properties/shape/oneOf',
      '/properties/shape/anyOf/1/properties/h',
    ])
  })

  it('drops keywords strict mode refuses and keeps the supported ones', () => {
    const result = toOpenAIStrict({
      type: 'object',
      properties: {
        s: { type: 'string', minLength: 1, maxLength: 9, pattern: '^a', format: 'email', default: 'a' },
        f: { type: 'string', format: 'uri' },
        n: { type: 'number', minimum: 0, exclusiveMaximum: 9, multipleOf: 0.5 },
        l: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
      },
      required: ['s', 'f', 'n', 'l'],
      minProperties: 1,
    })
    expect(result.schema).toEqual({
      type: 'object',
      properties: {
        s: { type: 'string', pattern: '^a', format: 'email' },
        f: { type: 'string' },
        n: { type: 'number', minimum: 0, exclusiveMaximum: 9, multipleOf: 0.5 },
        l: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      },
      required: ['s', 'f', 'n', 'l'],
      additionalProperties: false,
    })
    expect(result.dropped.map((drop) => drop.path)).toEqual([
      '/minProperties',
      '/properties/s/minLength',
      '/properties/s/maxLength',
      '/properties/s/default',
      '/properties/f/format',
      '/properties/l/uniqueItems',
    ])
  })

  it('merges allOf, turns tuples into items and adds an implied type', () => {
    const result = toOpenAIStrict({
      type: 'object',
      properties: {
        both: {
          allOf: [
            { properties: { a: { type: 'string' } }, required: ['a'] },
            { properties: { b: { type: 'string' } }, required: ['b'] },
          ],
        },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
      },
      required: ['both', 'pair'],
    })
    expect(result.strictCompatible).toBe(true)
    expect(result.schema.properties).toEqual({
      both: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      pair: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    })
  })

  it('reports free-form maps and other open schemas as incompatible', () => {
    const cases: [string, unknown, string][] = [
      ['record', { type: 'object', additionalProperties: { type: 'number' } }, '/properties/p/additionalProperties'],
      [
        'open object',
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
        '/properties/p/additionalProperties',
      ],
      ['bare object', { type: 'object' }, '/properties/p/properties'],
      ['pattern map', { type: 'object', patternProperties: { '^x': {} } }, '/properties/p/properties'],
      ['array without items', { type: 'array' }, '/properties/p/items'],
      ['any value', {}, '/properties/p/type'],
      ['true', true, '/properties/p/type'],
    ]
    for (const [name, property, path] of cases) {
      const result = toOpenAIStrict({ type: 'object', properties: { p: property }, required: ['p'] })
      expect(result.strictCompatible, name).toBe(false)
      expect(result.blockers[0]?.path, name).toBe(path)
      expect(result.blockers[0]?.reason, name).toMatch(/^not strict-compatible: /)
      expect(result.dropped, name).toEqual(expect.arrayContaining([...result.blockers]))
    }
  })

  it('accepts an empty root and an explicitly closed empty object', () => {
    expect(toOpenAIStrict({ type: 'object', properties: {} })).toEqual({
      schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      dropped: [],
      strictCompatible: true,
      blockers: [],
    })
    const closed = toOpenAIStrict({
      type: 'object',
      properties: { p: { type: 'object', additionalProperties: false } },
      required: ['p'],
    })
    expect(closed.strictCompatible).toBe(true)
  })

  it('reports schemas past the nesting limit once', () => {
    let schema: JsonSchema = { type: 'object', properties: { leaf: { type: 'string' } }, required: ['leaf'] }
    for (let level = 0; level < strictLimits.maxObjectDepth + 2; level += 1) {
      schema = { type: 'object', properties: { child: schema }, required: ['child'] }
    }
    const result = toOpenAIStrict(schema)
    expect(result.strictCompatible).toBe(false)
    expect(result.blockers).toHaveLength(1)
    expect(result.blockers[0]?.reason).toContain(`deeper than ${strictLimits.maxObjectDepth}`)
  })

  it('reports more properties in all than the limit once, at the first object past it', () => {
    const names = (prefix: string, count: number): string[] =>
      Array.from({ length: count }, (_, index) => `${prefix}${index}`)
    const object = (keys: readonly string[]): JsonSchema => ({
      type: 'object',
      properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
      required: [...keys],
    })
    // Two objects that each stay under the limit but pass it together, and a third after them.
    const half = strictLimits.maxProperties / 2
    const result = toOpenAIStrict({
      type: 'object',
      properties: { a: object(names('a', half)), b: object(names('b', half + 1)), c: object(['c']) },
      required: ['a', 'b', 'c'],
    })
    expect(result.strictCompatible).toBe(false)
    expect(result.blockers).toEqual([
      {
        path: '/properties/b/properties',
        keyword: 'properties',
        reason: `not strict-compatible: more than ${strictLimits.maxProperties} properties in all`,
      },
    ])
  })

  it('reports more enum values in all than the limit at the root', () => {
    const values = (prefix: string): string[] =>
      Array.from({ length: strictLimits.maxEnumValues / 2 + 1 }, (_, index) => `${prefix}${index}`)
    const result = toOpenAIStrict({
      type: 'object',
      properties: { a: { type: 'string', enum: values('a') }, b: { type: 'string', enum: values('b') } },
      required: ['a', 'b'],
    })
    expect(result.strictCompatible).toBe(false)
    expect(result.blockers).toEqual([
      {
        path: '/enum',
        keyword: 'enum',
        reason: `not strict-compatible: more than ${strictLimits.maxEnumValues} enum values in all`,
      },
    ])
    const under = toOpenAIStrict({
      type: 'object',
      properties: { a: { type: 'string', enum: values('a') } },
      required: ['a'],
    })
    expect(under.strictCompatible).toBe(true)
  })

  it('does not change its input', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'object', properties: {} } } }
    const copy = structuredClone(schema)
    toOpenAIStrict(schema)
    expect(schema).toEqual(copy)
  })
})

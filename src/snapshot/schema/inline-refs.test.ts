import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../core/json-schema.js'
import { inlineRefs } from './inline-refs.js'

describe('inlineRefs', () => {
  it('inlines nested $defs refs and removes $defs', () => {
    const schema = {
      type: 'object',
      properties: { user: { $ref: '#/$defs/User' } },
      $defs: {
        User: { type: 'object', properties: { address: { $ref: '#/$defs/Address' } } },
        Address: { type: 'object', properties: { city: { type: 'string' } } },
      },
    }
    expect(inlineRefs(schema)).toEqual({
      schema: {
        type: 'object',
        properties: {
          user: {
            type: 'object',
            properties: { address: { type: 'object', properties: { city: { type: 'string' } } } },
          },
        },
      },
      dropped: [],
    })
  })

  it('inlines draft-07 definitions, list items and refs inside combinators', () => {
    const schema = {
      definitions: { id: { type: 'integer' } },
      properties: {
        ids: { type: 'array', items: [{ $ref: '#/definitions/id' }] },
        any: { anyOf: [{ $ref: '#/definitions/id' }, { type: 'null' }] },
      },
    }
    expect(inlineRefs(schema).schema).toEqual({
      properties: {
        ids: { type: 'array', items: [{ type: 'integer' }] },
        any: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
    })
  })

  it('decodes JSON Pointer escapes and percent-encoding', () => {
    const schema = {
      properties: {
        slash: { $ref: '#/$defs/a~1b' },
        tilde: { $ref: '#/$defs/c~0d' },
        space: { $ref: '#/$defs/with%20space' },
        percent: { $ref: '#/$defs/100%25' },
      },
      $defs: { 'a/b': { const: 1 }, 'c~d': { const: 2 }, 'with space': { const: 3 }, '100%': { const: 4 } },
    }
    expect(inlineRefs(schema)).toEqual({
      schema: { properties: { slash: { const: 1 }, tilde: { const: 2 }, space: { const: 3 }, percent: { const: 4 } } },
      dropped: [],
    })
  })

  it('resolves $anchor names and refs that repeat the root $id', () => {
    const schema = {
      $id: 'https://example.com/tool',
      properties: { a: { $ref: '#item' }, b: { $ref: 'https://example.com/tool#/$defs/item' } },
      $defs: { item: { $anchor: 'item', type: 'string' } },
    }
    expect(inlineRefs(schema).schema.properties).toEqual({
      a: { $anchor: 'item', type: 'string' },
      b: { $anchor: 'item', type: 'string' },
    })
  })

  it('cuts self recursion and keeps the description', () => {
    const schema = {
      $ref: '#/$defs/Node',
      $defs: {
        Node: {
          type: 'object',
          description: 'A tree node',
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
    }
    const result = inlineRefs(schema)
    expect(result.schema).toEqual({
      type: 'object',
      description: 'A tree node',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { type: 'object', description: 'A tree node' } },
      },
    })
    expect(result.dropped).toEqual([
      {
        path: '/properties/children/items/$ref',
        keyword: '$ref',
        reason: 'recursive reference "#/$defs/Node" is cut here; it accepts any object',
      },
    ])
  })

  it('cuts recursion through the root (#)', () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, parent: { $ref: '#', description: 'The parent' } },
    }
    const result = inlineRefs(schema)
    expect(result.schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, parent: { type: 'object', description: 'The parent' } },
    })
    expect(result.dropped.map((drop) => drop.path)).toEqual(['/properties/parent/$ref'])
  })

  it('cuts mutual recursion at the point where it repeats', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } },
      },
    }
    const result = inlineRefs(schema)
    expect(result.schema).toEqual({
      properties: {
        a: { type: 'object', properties: { b: { type: 'object', properties: { a: { type: 'object' } } } } },
      },
    })
    expect(result.dropped).toEqual([
      {
        path: '/properties/a/properties/b/properties/a/$ref',
        keyword: '$ref',
        reason: expect.stringContaining('"#/$defs/A"'),
      },
    ])
  })

  it('cuts a ref to an ancestor that was reached without a ref', () => {
    const schema = { properties: { list: { type: 'array', items: { $ref: '#/properties/list' } } } }
    const result = inlineRefs(schema)
    expect(result.schema).toEqual({ properties: { list: { type: 'array', items: { type: 'array' } } } })
    expect(result.dropped).toHaveLength(1)
  })

  it('replaces missing, remote and dynamic refs by permissive schemas, keeping siblings', () => {
    const schema = {
      properties: {
        missing: { $ref: '#/$defs/Nope', description: 'gone' },
        remote: { $ref: 'https://example.com/schema.json' },
        broken: { $ref: '#/%E0%A4%A' },
        dynamic: { $dynamicRef: '#meta', type: 'object' },
      },
    }
    const result = inlineRefs(schema)
    expect(result.schema).toEqual({
      properties: { missing: { description: 'gone' }, remote: {}, broken: {}, dynamic: { type: 'object' } },
    })
    expect(result.dropped).toEqual([
      {
        path: '/properties/missing/$ref',
        keyword: '$ref',
        reason: 'reference "#/$defs/Nope" cannot be resolved; it accepts any value here',
      },
      {
        path: '/properties/remote/$ref',
        keyword: '$ref',
        reason: 'reference "https://example.com/schema.json" is remote and is not fetched; it accepts any value here',
      },
      { path: '/properties/broken/$ref', keyword: '$ref', reason: expect.stringContaining('cannot be resolved') },
      {
        path: '/properties/dynamic/$dynamicRef',
        keyword: '$dynamicRef',
        reason: expect.stringContaining('not supported'),
      },
    ])
  })

  it('merges siblings over the target, or keeps both when they constrain the same keyword', () => {
    const schema = {
      properties: {
        described: { $ref: '#/$defs/S', description: 'mine' },
        clash: { $ref: '#/$defs/S', minLength: 3 },
        same: { $ref: '#/$defs/S', type: 'string' },
      },
      $defs: { S: { type: 'string', description: 'theirs', minLength: 1 } },
    }
    expect(inlineRefs(schema).schema.properties).toEqual({
      described: { type: 'string', description: 'mine', minLength: 1 },
      clash: { allOf: [{ type: 'string', description: 'theirs', minLength: 1 }, { minLength: 3 }] },
      same: { type: 'string', description: 'theirs', minLength: 1 },
    })
  })

  it('follows refs to boolean schemas and chains of refs', () => {
    const schema = {
      properties: { anything: { $ref: '#/$defs/T', description: 'x' }, alias: { $ref: '#/$defs/Alias' } },
      $defs: { T: true, Alias: { $ref: '#/$defs/Real' }, Real: { type: 'boolean' } },
    }
    expect(inlineRefs(schema).schema.properties).toEqual({ anything: { description: 'x' }, alias: { type: 'boolean' } })
  })

  it('stops expanding past the limit', () => {
    // Each level uses the next twice: 2^12 copies without a limit.
    const $defs: JsonSchema = { L12: { type: 'string' } }
    for (let level = 0; level < 12; level += 1) {
      $defs[`L${level}`] = {
        type: 'array',
        prefixItems: [{ $ref: `#/$defs/L${level + 1}` }, { $ref: `#/$defs/L${level + 1}` }],
      }
    }
    const result = inlineRefs({ properties: { root: { $ref: '#/$defs/L0' } }, $defs }, { maxExpansions: 100 })
    expect(JSON.stringify(result.schema).length).toBeLessThan(20_000)
    expect(result.dropped.length).toBeGreaterThan(0)
    expect(result.dropped.every((drop) => drop.reason.includes('limit of 100'))).toBe(true)
  })

  it('does not change its input', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'object', properties: { self: { $ref: '#/$defs/A' } } } },
    }
    const copy = structuredClone(schema)
    inlineRefs(schema)
    expect(schema).toEqual(copy)
  })

  it('leaves data that looks like a ref alone', () => {
    const schema = { properties: { a: { const: { $ref: '#/nowhere' } } } }
    expect(inlineRefs(schema)).toEqual({ schema, dropped: [] })
  })
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JsonSchema } from '../core/json-schema.js'
import { compileInputSchema } from './json-schema-validator.js'
import { sharedAjv } from './shared-ajv.js'

const compiles = () => vi.spyOn(sharedAjv(), 'compile')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('compileInputSchema', () => {
  it('compiles a schema on its first use, once', () => {
    const compile = compiles()
    const validate = compileInputSchema({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] })
    expect(compile).not.toHaveBeenCalled()
    expect(validate({ n: 1 })).toEqual({ ok: true, value: { n: 1 } })
    expect(validate({ n: 'one' })).toEqual({ ok: false, problems: [{ path: 'n', message: 'must be integer' }] })
    expect(validate({})).toEqual({ ok: false, problems: [{ path: 'n', message: 'is required' }] })
    expect(compile).toHaveBeenCalledTimes(1)
  })

  it('waits to compile a schema whose references stay inside it', () => {
    const compile = compiles()
    const validate = compileInputSchema({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' }, root: { $ref: '#' } },
      $defs: { node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    })
    expect(compile).not.toHaveBeenCalled()
    expect(validate({ tree: { kids: [{ kids: [] }] } })).toMatchObject({ ok: true })
    expect(validate({ tree: { kids: [{ kids: 3 }] } })).toEqual({
      ok: false,
      problems: [{ path: 'tree.kids[0].kids', message: 'must be array' }],
    })
  })

  it.each<[string, JsonSchema]>([
    [
      'a reference to an anchor',
      { type: 'object', properties: { a: { $ref: '#str' } }, $defs: { s: { $anchor: 'str', type: 'string' } } },
    ],
    ['an $id', { $id: 'https://example.com/tool-input', type: 'object' }],
    ['a dynamic reference', { type: 'object', properties: { a: { $dynamicRef: '#node' } } }],
  ])('compiles a schema with %s at once', (_name, schema) => {
    const compile = compiles()
    compileInputSchema(schema)
    expect(compile).toHaveBeenCalledTimes(1)
  })

  it.each<[string, JsonSchema, RegExp]>([
    ['a non-object root', { type: 'string' }, /must describe an object/],
    ['an unknown type', { type: 'object', properties: { a: { type: 'strin' } } }, /schema is invalid: .*type/],
    ['a malformed keyword', { type: 'object', required: 'a' }, /data\/required must be array/],
    ['an unknown dialect', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }, /no schema/],
    ['a pattern that is no regular expression', { properties: { a: { pattern: '([a-' } } }, /Invalid regular/],
    ['a patternProperties key that is none', { patternProperties: { '([': {} } }, /Invalid regular/],
    [
      'a bad pattern reached by a reference',
      { properties: { a: { $ref: '#/$defs/b' } }, $defs: { b: { pattern: '(' } } },
      /Invalid regular/,
    ],
    [
      'a reference to nothing',
      { type: 'object', properties: { a: { $ref: '#/$defs/nope' } } },
      /can't resolve reference/,
    ],
    ['a reference to another document', { properties: { a: { $ref: 'other.json' } } }, /can't resolve reference/],
    ['an empty enum', { type: 'object', properties: { a: { enum: [] } } }, /enum must have non-empty array/],
    ['a nullable without a type', { properties: { a: { nullable: true } } }, /"nullable" cannot be used without/],
    ['the draft-4 id', { properties: { a: { id: 'a', type: 'string' } } }, /NOT SUPPORTED: keyword "id"/],
  ])('refuses %s at once', (_name, schema, reason) => {
    expect(() => compileInputSchema(schema)).toThrow(/^inputSchema/)
    expect(() => compileInputSchema(schema)).toThrow(reason)
  })

  it('accepts a bad pattern where ajv never compiles one', () => {
    const validate = compileInputSchema({
      type: 'object',
      $defs: { unused: { pattern: '(' } },
      default: { pattern: '(' },
      properties: { pattern: { type: 'string' } },
    })
    expect(validate({ pattern: 'x' })).toMatchObject({ ok: true })
  })

  it('accepts data that refers to itself, where ajv never looks', () => {
    const example: Record<string, unknown> = { name: 'loop' }
    example.self = example
    const validate = compileInputSchema({ type: 'object', properties: { a: { type: 'object', default: example } } })
    expect(validate({ a: {} })).toMatchObject({ ok: true })
  })

  it('refuses a second schema with an $id already taken, at once', () => {
    compileInputSchema({ $id: 'https://example.com/taken', type: 'object' })
    expect(() => compileInputSchema({ $id: 'https://example.com/taken', type: 'object' })).toThrow(/already exists/)
  })

  it('refuses an async schema at once, whose promise would read as a pass', () => {
    const schema = { $async: true, type: 'object', properties: { n: { type: 'integer' } } } as JsonSchema
    expect(() => compileInputSchema(schema)).toThrow(/"\$async" schemas are not supported/)
    const nested = { type: 'object', properties: { n: { $async: true, type: 'integer' } } } as JsonSchema
    expect(() => compileInputSchema(nested)).toThrow(/async schema in sync schema/)
  })
})

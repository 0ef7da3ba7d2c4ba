import { describe, expect, it } from 'vitest'
import { getProtocol, protocols } from './index.js'
import { protocolNames } from '../../core/protocol-name.js'
import type { JsonSchema } from '../../core/json-schema.js'

describe('protocol descriptors', () => {
  it('has one protocol per name, each knowing its name', () => {
    expect(Object.keys(protocols).sort()).toEqual([...protocolNames].sort())
    for (const name of protocolNames) {
      expect(getProtocol(name).name).toBe(name)
      expect(getProtocol(name).maxNameBytes).toBe(64)
    }
  })

  it('states where images may go and who has strict schemas', () => {
    const flags = Object.fromEntries(
      protocolNames.map((name) => [name, [getProtocol(name).imagesInToolResults, getProtocol(name).supportsStrict]]),
    )
    expect(flags).toEqual({
      'openai-responses': [true, true],
      'openai-chat': [false, true],
      anthropic: [true, false],
      gemini: [false, false],
      'openai-compatible': [false, true],
    })
  })

  it('applies name rules per protocol', () => {
    expect(getProtocol('gemini').isValidName('ns.tool')).toBe(true)
    expect(getProtocol('anthropic').isValidName('ns.tool')).toBe(false)
    expect(getProtocol('gemini').fixName('1x')).toBe('_1x')
    expect(getProtocol('openai-chat').fixName('1x')).toBe('1x')
  })
})

describe('compileSchema', () => {
  const optional: JsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
    required: ['path'],
  }

  it.each(protocolNames)('%s inlines refs, drops $schema and gives an object root', (name) => {
    const result = getProtocol(name).compileSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:x',
      $comment: 'c',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'string' } },
    })
    expect(result.schema.type).toBe('object')
    expect(result.schema.properties).toEqual({ a: { type: 'string' } })
    expect(result.strict).toBe(false)
    expect(result.dropped.map((drop) => drop.keyword)).toEqual(expect.arrayContaining(['$schema', '$id', '$comment']))
    expect(JSON.stringify(result.schema)).not.toContain('$')
  })

  it.each(['openai-responses', 'openai-chat', 'openai-compatible'] as const)(
    '%s applies strict mode only when asked',
    (name) => {
      const protocol = getProtocol(name)
      const loose = protocol.compileSchema(optional)
      expect(loose.strict).toBe(false)
      expect(loose.schema).toEqual({ type: 'object', properties: optional.properties, required: ['path'] })

      const strict = protocol.compileSchema(optional, { strict: true })
      expect(strict.strict).toBe(true)
      expect(strict.schema).toEqual({
        type: 'object',
        properties: { path: { type: 'string' }, limit: { type: ['integer', 'null'], minimum: 1 } },
        required: ['path', 'limit'],
        additionalProperties: false,
      })
    },
  )

  it('falls back to an unstrict schema, saying why, when strict is impossible', () => {
    const schema = { type: 'object', properties: { env: { type: 'object', additionalProperties: { type: 'string' } } } }
    const result = getProtocol('openai-responses').compileSchema(schema, { strict: true })
    expect(result.strict).toBe(false)
    expect(result.schema).toEqual({ type: 'object', properties: schema.properties })
    expect(result.dropped).toEqual([
      {
        path: '/properties/env/additionalProperties',
        keyword: 'additionalProperties',
        reason: 'not strict-compatible: an object with free-form keys (a map)',
      },
    ])
  })

  it('keeps JSON Schema 2020-12 as is for Anthropic', () => {
    const schema = {
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'object', additionalProperties: { type: 'string' } },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
        kind: { oneOf: [{ const: 'a' }, { const: 'b' }] },
      },
      additionalProperties: false,
    }
    expect(getProtocol('anthropic').compileSchema(schema)).toEqual({ schema, dropped: [], strict: false })
  })

  it.each(['anthropic', 'gemini'] as const)('%s notes a strict request it cannot honour', (name) => {
    const result = getProtocol(name).compileSchema(optional, { strict: true })
    expect(result.strict).toBe(false)
    expect(result.dropped).toContainEqual({ path: '', keyword: 'strict', reason: expect.stringContaining(name) })
  })

  it('lowers to the Gemini subset', () => {
    const result = getProtocol('gemini').compileSchema({
      type: 'object',
      properties: { note: { type: ['string', 'null'] } },
      additionalProperties: false,
    })
    expect(result.schema).toEqual({ type: 'object', properties: { note: { type: 'string', nullable: true } } })
  })

  it('does not change its input', () => {
    const schema = {
      $schema: 'x',
      properties: { a: { $ref: '#/$defs/A' }, b: { type: ['string', 'null'] } },
      $defs: { A: { type: 'object', properties: { self: { $ref: '#/$defs/A' } } } },
    }
    const copy = structuredClone(schema)
    for (const name of protocolNames) getProtocol(name).compileSchema(schema, { strict: true })
    expect(schema).toEqual(copy)
  })
})

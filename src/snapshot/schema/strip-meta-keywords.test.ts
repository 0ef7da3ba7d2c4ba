import { describe, expect, it } from 'vitest'
import { stripMetaKeywords } from './strip-meta-keywords.js'

describe('stripMetaKeywords', () => {
  it('removes document keywords at every depth and reports each', () => {
    const result = stripMetaKeywords({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:tool',
      type: 'object',
      properties: { a: { $comment: 'internal', $anchor: 'a', type: 'string' } },
    })
    expect(result.schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
    expect(result.dropped.map((drop) => drop.path)).toEqual([
      '/$schema',
      '/$id',
      '/properties/a/$comment',
      '/properties/a/$anchor',
    ])
  })

  it('keeps a property that happens to be named $id', () => {
    const schema = { type: 'object', properties: { $id: { type: 'string' } } }
    expect(stripMetaKeywords(schema)).toEqual({ schema, dropped: [] })
  })
})

import { describe, expect, it } from 'vitest'
import { prepareSchema } from './prepare-schema.js'

describe('prepareSchema', () => {
  it('inlines refs, strips document keywords and makes the root an object, reporting in that order', () => {
    const result = prepareSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/definitions/Args',
      definitions: {
        Args: { $id: 'args', properties: { next: { $ref: '#/definitions/Args' } } },
      },
    })
    expect(result.schema).toEqual({ type: 'object', properties: { next: { type: 'object' } } })
    expect(result.dropped.map((drop) => drop.path)).toEqual(['/properties/next/$ref', '/$id', '/$schema'])
  })
})

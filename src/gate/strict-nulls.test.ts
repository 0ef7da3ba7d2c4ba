import { describe, expect, it } from 'vitest'
import { dropStrictNulls } from './strict-nulls.js'

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string' },
    limit: { type: 'integer' },
    note: { type: ['string', 'null'] },
    any: {},
    nested: { type: 'object', properties: { depth: { type: 'integer' } } },
    list: {
      type: 'array',
      items: { type: 'object', properties: { tag: { anyOf: [{ type: 'string' }, { type: 'number' }] } } },
    },
  },
  required: ['path'],
}

describe('dropStrictNulls', () => {
  it('removes nulls of optional properties that do not accept null', () => {
    expect(
      dropStrictNulls({ path: 'a', limit: null, nested: { depth: null }, list: [{ tag: null }, { tag: 'x' }] }, schema),
    ).toEqual({
      path: 'a',
      nested: {},
      list: [{}, { tag: 'x' }],
    })
  })

  it('keeps nulls that mean something and required ones for validation to judge', () => {
    expect(dropStrictNulls({ path: null, note: null, any: null, extra: null }, schema)).toEqual({
      path: null,
      note: null,
      any: null,
      extra: null,
    })
  })
})

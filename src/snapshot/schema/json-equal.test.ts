import { describe, expect, it } from 'vitest'
import { jsonEqual } from './json-equal.js'

describe('jsonEqual', () => {
  it('compares JSON values structurally, ignoring key order', () => {
    expect(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true)
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false)
    expect(jsonEqual([1, 2], [2, 1])).toBe(false)
    expect(jsonEqual({}, [])).toBe(false)
    expect(jsonEqual(null, {})).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { jsonErrorOffset } from './json-error-offset.js'

describe('jsonErrorOffset', () => {
  it('is undefined for every valid JSON text', () => {
    for (const text of ['{}', ' [1, -2.5e3, "a\\u00e9\\n", true, false, null] ', '{"a": {"b": []}}', '"x"', '0'])
      expect(jsonErrorOffset(text), text).toBeUndefined()
  })

  it('points at the first character the grammar cannot take', () => {
    expect(jsonErrorOffset('{"a": }')).toBe(6)
    expect(jsonErrorOffset('{"a": tru}')).toBe(9)
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8)
    expect(jsonErrorOffset('[1 2]')).toBe(3)
    expect(jsonErrorOffset('{"a": "x')).toBe(8)
    expect(jsonErrorOffset('{"a": 01}')).toBe(7)
    expect(jsonErrorOffset('{} x')).toBe(3)
    expect(jsonErrorOffset('')).toBe(0)
    expect(jsonErrorOffset('"\\q"')).toBe(2)
  })
})

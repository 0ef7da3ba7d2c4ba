import { describe, expect, it } from 'vitest'
import { echoRaw, parseToolArguments } from './tool-arguments.js'

describe('parseToolArguments', () => {
  const empty = [
    ['missing', undefined],
    ['null', null],
    ['empty string', ''],
    ['whitespace', '  \n\t '],
    ['"null"', 'null'],
    ['"{}"', '{}'],
    ['{}', {}],
  ] as const
  it.each(empty)('reads %s as no arguments', (_name, wire) => {
    const result = parseToolArguments(wire)
    expect(result.ok).toBe(true)
    expect(result.ok && result.value).toEqual({})
  })

  it('gives the same object for an object and its JSON string', () => {
    const object = { formula: '2d6', nested: { a: [1, 2] } }
    const fromObject = parseToolArguments(object)
    const fromString = parseToolArguments(JSON.stringify(object))
    expect(fromObject).toMatchObject({ ok: true, value: object })
    expect(fromString).toMatchObject({ ok: true, value: object })
  })

  it('strips the string encoding only once', () => {
    const twice = JSON.stringify(JSON.stringify({ a: 1 }))
    const result = parseToolArguments(twice)
    expect(result).toMatchObject({ ok: false, raw: twice })
    expect(!result.ok && result.reason).toContain('a string')
  })

  const invalid = [
    ['truncated JSON', '{"formula": "2d'],
    ['an array', '[1,2]'],
    ['an array value', [1, 2]],
    ['a number', 42],
    ['a numeric string', '42'],
    ['a boolean', true],
    ['a quoted string', '"hello"'],
    ['garbage', 'roll some dice'],
  ] as const
  it.each(invalid)('keeps %s verbatim as invalid', (_name, wire) => {
    const result = parseToolArguments(wire)
    expect(result.ok).toBe(false)
    expect(result.raw).toBe(typeof wire === 'string' ? wire : JSON.stringify(wire))
  })

  it('names the problem of invalid JSON', () => {
    const result = parseToolArguments('{"a":')
    expect(!result.ok && result.reason).toMatch(/^not valid JSON/)
  })

  it('keeps the raw text of valid arguments for the store', () => {
    expect(parseToolArguments(' {"a": 1} ').raw).toBe(' {"a": 1} ')
  })
})

describe('echoRaw', () => {
  it('echoes the first 200 characters and marks the cut', () => {
    const long = 'x'.repeat(250)
    expect(echoRaw(long)).toBe(`${'x'.repeat(200)}…`)
    expect(echoRaw('short')).toBe('short')
  })
})

import { describe, expect, it } from 'vitest'
import { asciiToolNameRules, cutToUtf8Bytes, geminiToolNameRules, utf8ByteLength } from './name-rules.js'

describe('utf8 helpers', () => {
  it('counts and cuts bytes, never inside a character', () => {
    expect(utf8ByteLength('aé€😀')).toBe(1 + 2 + 3 + 4)
    expect(cutToUtf8Bytes('aé€😀', 5)).toBe('aé')
    expect(cutToUtf8Bytes('aé€😀', 6)).toBe('aé€')
    expect(cutToUtf8Bytes('😀😀', 7)).toBe('😀')
  })
})

describe('OpenAI / Anthropic names', () => {
  const rules = asciiToolNameRules

  it('accepts [A-Za-z0-9_-]{1,64}', () => {
    expect(rules.maxNameBytes).toBe(64)
    expect(rules.isValidName('workspace_read_file')).toBe(true)
    expect(rules.isValidName('mcp__git-hub__search')).toBe(true)
    expect(rules.isValidName('3d')).toBe(true)
    expect(rules.isValidName('a'.repeat(64))).toBe(true)
    expect(rules.isValidName('a'.repeat(65))).toBe(false)
    expect(rules.isValidName('')).toBe(false)
    expect(rules.isValidName('a.b')).toBe(false)
    expect(rules.isValidName('café')).toBe(false)
  })

  it('fixes names character by character and keeps legal ones', () => {
    expect(rules.fixName('workspace_read_file')).toBe('workspace_read_file')
    expect(rules.fixName('git.status')).toBe('git_status')
    expect(rules.fixName('café😀')).toBe('caf__')
    expect(rules.fixName('')).toBe('_')
    // Too long already: left for the caller to cut and report.
    expect(rules.fixName('x'.repeat(70))).toBe('x'.repeat(70))
  })
})

describe('Gemini names', () => {
  const rules = geminiToolNameRules

  it('wants a letter or _ first, then letters, digits, _ . : -', () => {
    expect(rules.isValidName('_private')).toBe(true)
    expect(rules.isValidName('ns.tool:v1-x')).toBe(true)
    expect(rules.isValidName('3d_render')).toBe(false)
    expect(rules.isValidName('-dash')).toBe(false)
    expect(rules.isValidName('é')).toBe(false)
    expect(rules.isValidName(`a${'b'.repeat(63)}`)).toBe(true)
    expect(rules.isValidName(`a${'b'.repeat(64)}`)).toBe(false)
  })

  it('prefixes _ when the first character may not start a name, within 64 bytes', () => {
    expect(rules.fixName('3d_render')).toBe('_3d_render')
    expect(rules.fixName('-dash')).toBe('_-dash')
    expect(rules.fixName('ok.name')).toBe('ok.name')
    const long = `9${'x'.repeat(63)}`
    const fixed = rules.fixName(long)
    expect(utf8ByteLength(fixed)).toBe(64)
    expect(fixed).toBe(`_9${'x'.repeat(62)}`)
    expect(rules.isValidName(fixed)).toBe(true)
  })

  it('counts multibyte characters in bytes, replacing them one for one', () => {
    // 2 + 62 = 64 bytes: legal length, illegal character, which becomes one "_" (a legal start).
    const name = `é${'a'.repeat(62)}`
    expect(utf8ByteLength(name)).toBe(64)
    expect(rules.isValidName(name)).toBe(false)
    const fixed = rules.fixName(name)
    expect(fixed).toBe(`_${'a'.repeat(62)}`)
    expect(rules.isValidName(fixed)).toBe(true)
    // 3-byte characters: 21 of them fit (63 bytes) and each becomes one "_".
    expect(rules.fixName('€'.repeat(21))).toBe('_'.repeat(21))
    expect(rules.isValidName('€'.repeat(21))).toBe(false)
  })
})

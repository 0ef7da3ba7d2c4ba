import { describe, expect, it } from 'vitest'
import { checkProfileText } from './check-profile-text.js'

describe('checkProfileText', () => {
  it('gives the parsed profile, defaults filled in, for a valid text', () => {
    const check = checkProfileText('schemaVersion: 2\nid: reader\n', 'yaml')
    expect(check.valid).toBe(true)
    if (check.valid) expect(check.profile.permissions.mode).toBe('default')
  })

  it('places a wrong item of a list at that item', () => {
    const text = '{\n  "schemaVersion": 2,\n  "id": "a",\n  "tools": {\n    "allow": ["builtin:*", 5]\n  }\n}\n'
    expect(checkProfileText(text, 'json').errors).toEqual([
      expect.objectContaining({ line: 5, column: 28, path: 'tools.allow[1]' }),
    ])
  })

  it('places each unknown key at the key itself, naming the valid ones', () => {
    const check = checkProfileText('schemaVersion: 2\nid: a\nnetwork:\n  hosts: []\nextra: 1\n', 'yaml')
    expect(check.errors.map((e) => [e.line, e.column, e.path])).toEqual(
      expect.arrayContaining([
        [4, 3, 'network.hosts'],
        [5, 1, 'extra'],
      ]),
    )
    expect(check.errors.find((e) => e.path === 'extra')?.message).toMatch(
      /unknown key "extra"; valid keys: .*schemaVersion/,
    )
  })

  it('refuses a text that is not a mapping, and a profile whose id is not the expected one', () => {
    expect(checkProfileText('- a\n- b\n', 'yaml').errors[0]).toMatchObject({ line: 1, column: 1 })
    expect(checkProfileText('{"schemaVersion": 2, "id": "a"}', 'json', 'b').errors[0]).toMatchObject({
      line: 1,
      column: 28,
      path: 'id',
    })
  })
})

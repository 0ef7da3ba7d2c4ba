import { describe, expect, it } from 'vitest'
import { editPermissionRules } from './edit-permission-rules.js'

const yaml = `# The coder profile
schemaVersion: 2
id: coder
permissions:
  # reviewed rules
  allow:
    - builtin:dice.roll # dice are harmless
    - builtin:system.shell(git status)
  deny: [builtin:web.fetch]
`

describe('editPermissionRules', () => {
  it('adds a rule to a YAML list and keeps every comment and the flow style of other lists', () => {
    const result = editPermissionRules(yaml, 'yaml', {
      rule: 'builtin:system.shell(git diff *)',
      addTo: 'allow',
      removeFrom: ['ask', 'deny'],
    })
    expect(result).toMatchObject({ added: true, removedFrom: [] })
    expect(result.text).toBe(yaml.replace('(git status)\n', '(git status)\n    - builtin:system.shell(git diff *)\n'))
  })

  it('moves a rule from deny to allow and says so', () => {
    const result = editPermissionRules(yaml, 'yaml', {
      rule: 'builtin:web.fetch',
      addTo: 'allow',
      removeFrom: ['ask', 'deny'],
    })
    expect(result).toMatchObject({ added: true, removedFrom: ['deny'] })
    expect(result.text).toContain('# dice are harmless')
    expect(result.text).toContain('  deny: []\n')
    expect(result.text).toContain('    - builtin:web.fetch\n')
  })

  it('changes nothing when the rule is there already, or absent from the lists to remove it from', () => {
    expect(
      editPermissionRules(yaml, 'yaml', { rule: 'builtin:dice.roll', addTo: 'allow', removeFrom: ['ask', 'deny'] }),
    ).toEqual({ text: yaml, added: false, removedFrom: [] })
    expect(editPermissionRules(yaml, 'yaml', { rule: 'builtin:dice.roll', removeFrom: ['ask', 'deny'] })).toEqual({
      text: yaml,
      added: false,
      removedFrom: [],
    })
  })

  it('creates permissions and the list when a YAML profile has neither', () => {
    const result = editPermissionRules('schemaVersion: 2\nid: a # the id\n', 'yaml', {
      rule: 'builtin:workspace.write',
      addTo: 'ask',
      removeFrom: [],
    })
    expect(result.text).toBe('schemaVersion: 2\nid: a # the id\npermissions:\n  ask:\n    - builtin:workspace.write\n')
    const withMode = editPermissionRules('schemaVersion: 2\nid: a\npermissions:\n  mode: plan\n', 'yaml', {
      rule: 'builtin:workspace.write',
      addTo: 'ask',
      removeFrom: [],
    })
    expect(withMode.text).toBe(
      'schemaVersion: 2\nid: a\npermissions:\n  mode: plan\n  ask:\n    - builtin:workspace.write\n',
    )
  })

  it('quotes a YAML rule that would otherwise read as something else', () => {
    const result = editPermissionRules('schemaVersion: 2\nid: a\n', 'yaml', {
      rule: '*',
      addTo: 'deny',
      removeFrom: [],
    })
    expect(result.text).toContain('- "*"')
  })

  it('rewrites JSON with its own indentation, keeping the order of keys', () => {
    const json =
      '{\n    "schemaVersion": 2,\n    "permissions": { "allow": ["builtin:dice.roll"] },\n    "id": "a"\n}\n'
    const result = editPermissionRules(json, 'json', { rule: 'builtin:dice.roll', removeFrom: ['allow', 'ask'] })
    expect(result).toMatchObject({ added: false, removedFrom: ['allow'] })
    expect(result.text).toBe(
      '{\n    "schemaVersion": 2,\n    "permissions": {\n        "allow": []\n    },\n    "id": "a"\n}\n',
    )
    const added = editPermissionRules('{"schemaVersion":2,"id":"a"}', 'json', {
      rule: 'builtin:dice.roll',
      addTo: 'deny',
      removeFrom: [],
    })
    expect(JSON.parse(added.text)).toEqual({ schemaVersion: 2, id: 'a', permissions: { deny: ['builtin:dice.roll'] } })
  })

  it('refuses a text that is not a profile object', () => {
    expect(() => editPermissionRules('a: [', 'yaml', { rule: 'x:y', addTo: 'allow', removeFrom: [] })).toThrow(
      /not valid YAML/,
    )
    expect(() => editPermissionRules('[1]', 'json', { rule: 'x:y', addTo: 'allow', removeFrom: [] })).toThrow(
      /not a JSON object/,
    )
  })
})

import { describe, expect, it } from 'vitest'
import { evaluatePermission } from '../../src/permissions/rules/evaluate-permission.js'
import { shellAttacks } from './shell-attacks.js'

/** The matcher's decision on every entry of the shell attack corpus (`shell-attacks.json`). */

const shell = 'builtin:workspace.shell'
const rule = (specifier: string): string => `${shell}(${specifier})`

describe('the shell attack corpus', () => {
  it('holds cases of both classes', () => {
    expect(shellAttacks.filter((attack) => attack.class === 'hidden-code').length).toBeGreaterThanOrEqual(70)
    expect(
      shellAttacks.filter((attack) => attack.class === 'programs-that-run-programs').length,
    ).toBeGreaterThanOrEqual(100)
  })

  it.each(shellAttacks.map((attack) => [attack.expect, attack.command, attack] as const))(
    '%s: %s',
    (_expect, command, attack) => {
      const verdict = evaluatePermission(
        { mode: 'default', allow: attack.allow.map(rule), ask: [], deny: (attack.deny ?? []).map(rule) },
        { toolId: shell, readOnly: false, subject: { kind: 'command', command } },
      )
      expect(verdict.behavior, verdict.reason).toBe(attack.expect)
    },
  )

  it.each(
    shellAttacks
      .filter((attack) => attack.expect === 'ask' && attack.class === 'hidden-code')
      .map((attack) => [attack.command] as const),
  )('still asks for %s when every command is allowed', (command) => {
    const verdict = evaluatePermission(
      { mode: 'bypass', allow: [rule('*')], ask: [], deny: [] },
      { toolId: shell, readOnly: false, subject: { kind: 'command', command } },
    )
    expect(verdict.behavior, verdict.reason).toBe('ask')
  })
})

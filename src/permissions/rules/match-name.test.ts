import { describe, expect, it } from 'vitest'
import type { ToolId } from '../../core/tool-id.js'
import { parsePermissionRule } from '../../profile/permission-rule.js'
import { alwaysRule, alwaysRulesIn } from '../approvals/always-rule.js'
import { evaluatePermission } from './evaluate-permission.js'
import { exactNameSpecifier, nameSpecifierMatches } from './match-name.js'

const query = 'builtin:database.query' as ToolId

describe('name specifiers', () => {
  it('match the name exactly, or by * and ?', () => {
    expect(nameSpecifierMatches('main', 'main', 'allow')).toBe(true)
    expect(nameSpecifierMatches('main', 'main2', 'allow')).toBe(false)
    expect(nameSpecifierMatches('main', 'Main', 'allow')).toBe(false)
    expect(nameSpecifierMatches('report_*', 'report_2026', 'allow')).toBe(true)
    expect(nameSpecifierMatches('report_*', 'reports', 'allow')).toBe(false)
    expect(nameSpecifierMatches('db?', 'db1', 'allow')).toBe(true)
    expect(nameSpecifierMatches('db?', 'db12', 'allow')).toBe(false)
    expect(nameSpecifierMatches('*', 'anything', 'allow')).toBe(true)
    expect(nameSpecifierMatches(' main ', 'main', 'allow')).toBe(true)
  })

  it('ignore case in deny and ask rules only', () => {
    expect(nameSpecifierMatches('prod*', 'Production', 'restrict')).toBe(true)
    expect(nameSpecifierMatches('prod*', 'Production', 'allow')).toBe(false)
  })

  it('read a backslash as making the next character literal', () => {
    expect(nameSpecifierMatches('a\\*', 'a*', 'allow')).toBe(true)
    expect(nameSpecifierMatches('a\\*', 'ab', 'allow')).toBe(false)
    expect(nameSpecifierMatches(exactNameSpecifier('x?(y)*'), 'x?(y)*', 'allow')).toBe(true)
    expect(nameSpecifierMatches(exactNameSpecifier('x?(y)*'), 'xa(y)zz', 'allow')).toBe(false)
    expect(nameSpecifierMatches('a.b', 'axb', 'allow')).toBe(false)
  })
})

describe('rules on a named subject', () => {
  const verdict = (rules: { allow?: string[]; ask?: string[]; deny?: string[] }, name: string) =>
    evaluatePermission(
      { mode: 'default', allow: rules.allow ?? [], ask: rules.ask ?? [], deny: rules.deny ?? [] },
      { toolId: query, readOnly: false, subject: { kind: 'name', name } },
    ).behavior

  it('allow, ask and deny by connection name', () => {
    expect(verdict({ allow: ['builtin:database.query(analytics)'] }, 'analytics')).toBe('allow')
    expect(verdict({ allow: ['builtin:database.query(analytics)'] }, 'main')).toBe('ask')
    expect(verdict({ allow: ['builtin:database.*'], deny: ['builtin:database.query(prod*)'] }, 'production')).toBe(
      'deny',
    )
    expect(verdict({ allow: ['builtin:database.*'], deny: ['builtin:database.query(prod*)'] }, 'staging')).toBe('allow')
  })

  it('"allow always" names the connection alone', () => {
    const rule = alwaysRule(query, { kind: 'name', name: 'main' })
    expect(rule).toBe('builtin:database.query(main)')
    expect(parsePermissionRule(rule)).not.toHaveProperty('problem')
    const allow = alwaysRulesIn(alwaysRule(query, { kind: 'name', name: 'a*' }))
    expect(verdict({ allow }, 'a*')).toBe('allow')
    expect(verdict({ allow }, 'abc')).toBe('ask')
  })
})

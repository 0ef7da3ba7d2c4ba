import { describe, expect, it } from 'vitest'
import { combineWithRule } from './combine-with-rule.js'

describe('combineWithRule', () => {
  it.each([
    ['deny', 'none', 'deny'],
    ['deny', 'allow', 'deny'],
    ['deny', 'ask', 'deny'],
    ['deny', 'deny', 'deny'],
    ['ask', 'none', 'ask'],
    ['ask', 'allow', 'ask'],
    ['ask', 'ask', 'ask'],
    ['ask', 'deny', 'deny'],
    ['allow', 'none', 'allow'],
    ['allow', 'allow', 'allow'],
    ['allow', 'ask', 'ask'],
    ['allow', 'deny', 'deny'],
  ] as const)('rule %s with hook %s → %s', (rule, decision, expected) => {
    expect(combineWithRule(rule, { decision })).toBe(expected)
  })
})

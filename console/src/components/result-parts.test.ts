import { describe, expect, it } from 'vitest'
import { activeNav } from './app-header.js'
import { cellText, tableOf } from './data-table.js'
import { diffLineKind, looksLikeDiff } from './diff-lines.js'
import { jsonTokens } from './json-view.js'

describe('tableOf', () => {
  it('makes a table of an array of objects with every key as a column', () => {
    expect(tableOf([{ a: 1 }, { b: 'x', a: 2 }])).toEqual({
      columns: ['a', 'b'],
      rows: [{ a: 1 }, { b: 'x', a: 2 }],
    })
  })

  it('leaves other values alone', () => {
    expect(tableOf([])).toBeUndefined()
    expect(tableOf([1, 2])).toBeUndefined()
    expect(tableOf([{ a: 1 }, [1]])).toBeUndefined()
    expect(tableOf({ a: 1 })).toBeUndefined()
    expect(tableOf([{}])).toBeUndefined()
  })

  it('writes cells as text', () => {
    expect([cellText('a'), cellText(1), cellText(null), cellText({ x: [1] }), cellText(undefined)]).toEqual([
      'a',
      '1',
      'null',
      '{"x":[1]}',
      '',
    ])
  })
})

describe('diffs', () => {
  it('knows a unified diff and an apply-patch text, not text with a dash list', () => {
    expect(looksLikeDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b')).toBe(true)
    expect(looksLikeDiff('*** Begin Patch\n*** Update File: x\n-a\n+b\n*** End Patch')).toBe(true)
    expect(looksLikeDiff('Notes:\n- one\n- two\n+ three')).toBe(false)
  })

  it('tells the kind of each line', () => {
    expect(['--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+b', ' c', '*** End Patch'].map(diffLineKind)).toEqual([
      'meta',
      'meta',
      'hunk',
      'remove',
      'add',
      'context',
      'meta',
    ])
  })
})

describe('jsonTokens', () => {
  it('colours keys, strings, numbers and literals and keeps the text', () => {
    const text = JSON.stringify({ a: 'x:"y"', n: -1.5e3, t: true, z: null }, null, 2)
    const tokens = jsonTokens(text)
    expect(tokens.map((t) => t.text).join('')).toBe(text)
    expect(tokens.filter((t) => t.kind !== 'plain').map((t) => [t.kind, t.text])).toEqual([
      ['key', '"a"'],
      ['string', '"x:\\"y\\""'],
      ['key', '"n"'],
      ['number', '-1500'],
      ['key', '"t"'],
      ['literal', 'true'],
      ['key', '"z"'],
      ['literal', 'null'],
    ])
  })
})

describe('activeNav', () => {
  it('marks the section a path belongs to', () => {
    expect(['/', '/tools', '/tools/builtin%3Ax', '/runs/run_1', '/approvals', '/nowhere'].map(activeNav)).toEqual([
      '/tools',
      '/tools',
      '/tools',
      '/runs',
      '/approvals',
      undefined,
    ])
  })
})

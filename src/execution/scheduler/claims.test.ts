import { describe, expect, it } from 'vitest'
import type { ResourceClaim } from '../../tool/define-tool.js'
import { claimsConflict, normalizeClaimPath } from './claims.js'

const read = (path: string): ResourceClaim => ({ kind: 'file', path, access: 'read' })
const write = (path: string): ResourceClaim => ({ kind: 'file', path, access: 'write' })
const workspace = (access: 'read' | 'write'): ResourceClaim => ({ kind: 'workspace', access })
const exclusive: ResourceClaim = { kind: 'exclusive' }

describe('normalizeClaimPath', () => {
  it.each([
    ['a/./b', 'a/b'],
    ['./a//b/', 'a/b'],
    ['a/x/../b', 'a/b'],
    ['/a/b', 'a/b'],
    ['.', ''],
    ['/', ''],
    ['A/b', 'A/b'],
  ])('%s → %s', (path, expected) => expect(normalizeClaimPath(path)).toBe(expected))
})

describe('claimsConflict', () => {
  it.each<[string, ResourceClaim[], ResourceClaim[], boolean]>([
    ['reads of one file', [read('a')], [read('a')], false],
    ['read and write of one file', [read('a')], [write('a')], true],
    ['writes of one file spelled differently', [write('a/./b')], [write('a/b')], true],
    ['writes differing in case', [write('a')], [write('A')], false],
    ['writes of different files', [write('a')], [write('b')], false],
    ['a write inside a read directory', [read('src')], [write('src/x.ts')], true],
    ['a sibling with a common prefix', [read('src')], [write('src2/x.ts')], false],
    ['workspace write and a file read', [workspace('write')], [read('a')], true],
    ['workspace write and workspace read', [workspace('write')], [workspace('read')], true],
    ['workspace reads', [workspace('read')], [workspace('read')], false],
    ['workspace read and a file read', [workspace('read')], [read('a')], false],
    ['workspace read and a file write', [workspace('read')], [write('a')], true],
    ['workspace write and no claims', [workspace('write')], [], false],
    ['exclusive and a file read', [exclusive], [read('a')], true],
    ['exclusive and no claims', [], [exclusive], true],
    ['no claims on either side', [], [], false],
  ])('%s', (_name, a, b, expected) => {
    expect(claimsConflict(a, b)).toBe(expected)
    expect(claimsConflict(b, a)).toBe(expected)
  })
})

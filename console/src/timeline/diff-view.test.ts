import { describe, expect, it } from 'vitest'
import { diffLineKind, looksLikeDiff } from './diff-view.js'

describe('diffs', () => {
  it('recognizes unified diffs and apply-patch texts, not lists with dashes', () => {
    expect(looksLikeDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new')).toBe(true)
    expect(looksLikeDiff('*** Begin Patch\n*** Update File: x\n-old\n+new\n*** End Patch')).toBe(true)
    expect(looksLikeDiff('- one\n- two')).toBe(false)
    expect(looksLikeDiff('plain text')).toBe(false)
  })

  it('gives each line its kind', () => {
    expect(['+++ b', '--- a', '@@ -1 +1 @@', '+x', '-y', ' z'].map(diffLineKind)).toEqual([
      'file',
      'file',
      'hunk',
      'add',
      'del',
      'same',
    ])
  })
})

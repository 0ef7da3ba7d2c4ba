/* eslint-disable no-control-regex -- control characters are what these tests look for */
import { stripVTControlCharacters } from 'node:util'
import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import { diffStats, renderDiff } from './render-diff.js'

const gitDiff = [
  'diff --git a/src/a.ts b/src/a.ts',
  'index 83db48f..bf269f4 100644',
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  '@@ -1,4 +1,4 @@ export function a() {',
  ' const one = 1',
  '--- a comment line that starts with dashes',
  '+++ a new comment line that starts with pluses',
  ' const three = 3',
  '\\ No newline at end of file',
  'diff --git a/b.txt b/b.txt',
  'new file mode 100644',
  'index 0000000..e69de29',
  '--- /dev/null',
  '+++ b/b.txt',
  '@@ -0,0 +1,2 @@',
  '+hello',
  '+world',
  '',
].join('\n')

const applyPatch = [
  '*** Begin Patch',
  '*** Update File: src/app.ts',
  '@@ function main',
  ' keep',
  '-old',
  '+new',
  '--- dashes removed',
  '*** Add File: docs/new.md',
  '+# New',
  '*** Delete File: old.txt',
  '*** End Patch',
].join('\n')

const plain = (patch: string, width = 80, maxLines?: number): string =>
  renderDiff(patch, { color: false, width, ...(maxLines !== undefined && { maxLines }) })

describe('renderDiff', () => {
  it('shows the patch as written without colour', () => {
    expect(plain(gitDiff)).toBe(gitDiff.replace(/\n$/, ''))
    expect(plain(applyPatch)).toBe(applyPatch)
  })

  it('colours headers, hunks, additions, removals and context', () => {
    const lines = renderDiff(gitDiff, { color: true, width: 80 }).split('\n')
    expect(lines[0]).toBe('\u001b[1mdiff --git a/src/a.ts b/src/a.ts\u001b[22m')
    expect(lines[2]).toBe('\u001b[1m--- a/src/a.ts\u001b[22m')
    expect(lines[3]).toBe('\u001b[1m+++ b/src/a.ts\u001b[22m')
    expect(lines[4]).toBe('\u001b[36m@@ -1,4 +1,4 @@ export function a() {\u001b[39m')
    expect(lines[5]).toBe('\u001b[2m const one = 1\u001b[22m')
    // Inside a hunk, lines that look like file headers are removals and additions.
    expect(lines[6]).toBe('\u001b[31m--- a comment line that starts with dashes\u001b[39m')
    expect(lines[7]).toBe('\u001b[32m+++ a new comment line that starts with pluses\u001b[39m')
    expect(lines[9]).toBe('\u001b[2m\\ No newline at end of file\u001b[22m')
    expect(lines[13]).toBe('\u001b[1m--- /dev/null\u001b[22m')
    expect(lines[16]).toBe('\u001b[32m+hello\u001b[39m')
  })

  it('colours an apply-patch text', () => {
    const lines = renderDiff(applyPatch, { color: true, width: 80 }).split('\n')
    expect(lines[0]).toBe('\u001b[1m*** Begin Patch\u001b[22m')
    expect(lines[1]).toBe('\u001b[1m*** Update File: src/app.ts\u001b[22m')
    expect(lines[2]).toBe('\u001b[36m@@ function main\u001b[39m')
    expect(lines[3]).toBe('\u001b[2m keep\u001b[22m')
    expect(lines[4]).toBe('\u001b[31m-old\u001b[39m')
    expect(lines[5]).toBe('\u001b[32m+new\u001b[39m')
    expect(lines[6]).toBe('\u001b[31m--- dashes removed\u001b[39m')
    expect(lines[7]).toBe('\u001b[1m*** Add File: docs/new.md\u001b[22m')
  })

  it('cuts long lines to the width with …', () => {
    const patch = `@@ -1 +1 @@\n-${'a'.repeat(100)}\n+${'日'.repeat(100)}`
    for (const color of [false, true]) {
      const out = renderDiff(patch, { color, width: 30 })
      for (const line of out.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(30)
      expect(stripVTControlCharacters(out).split('\n')[1]).toBe(`-${'a'.repeat(28)}…`)
    }
  })

  it('makes control characters and bidi controls visible', () => {
    const out = renderDiff('@@ -1 +1 @@\n-a\u001b[2Jb\n+c\u202ed\r', { color: true, width: 80 })
    expect(out).toContain('-a<U+001B>[2Jb')
    expect(out).toContain('+c<U+202E>d<U+000D>')
    expect(out.match(/\u001b/g)?.length).toBe(6)
  })

  it('expands tabs so that width counting holds', () => {
    expect(plain('@@ -1 +1 @@\n+\tx')).toBe('@@ -1 +1 @@\n+   x')
  })

  it('keeps the first lines and says how many more there are', () => {
    expect(plain(gitDiff, 80, 5).split('\n')).toEqual([
      'diff --git a/src/a.ts b/src/a.ts',
      'index 83db48f..bf269f4 100644',
      '--- a/src/a.ts',
      '+++ b/src/a.ts',
      '… 14 more lines',
    ])
    expect(plain('@@ -1 +1 @@\n-a\n+b', 80, 2)).toBe('@@ -1 +1 @@\n… 2 more lines')
    expect(renderDiff('@@ -1 +1 @@\n-a\n+b', { color: true, width: 80, maxLines: 2 }).split('\n')[1]).toBe(
      '\u001b[2m… 2 more lines\u001b[22m',
    )
    expect(plain('@@ -1 +1 @@\n-a\n+b', 80, 3)).toBe('@@ -1 +1 @@\n-a\n+b')
  })

  it('renders an empty patch as nothing', () => {
    expect(plain('')).toBe('')
  })

  it('accepts CRLF patches', () => {
    expect(plain('@@ -1 +1 @@\r\n-a\r\n+b\r\n')).toBe('@@ -1 +1 @@\n-a\n+b')
  })
})

describe('diffStats', () => {
  it('counts a git diff over several files', () => {
    expect(diffStats(gitDiff)).toEqual({ additions: 3, deletions: 1, files: 2 })
  })

  it('counts a plain unified diff', () => {
    expect(diffStats('--- a.txt\n+++ a.txt\n@@ -1,2 +1,2 @@\n-x\n+y\n z\n')).toEqual({
      additions: 1,
      deletions: 1,
      files: 1,
    })
  })

  it('counts an apply-patch text', () => {
    expect(diffStats(applyPatch)).toEqual({ additions: 2, deletions: 2, files: 3 })
  })

  it('counts nothing in an empty patch', () => {
    expect(diffStats('')).toEqual({ additions: 0, deletions: 0, files: 0 })
  })
})

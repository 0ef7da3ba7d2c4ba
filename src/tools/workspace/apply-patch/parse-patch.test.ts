import { describe, expect, it } from 'vitest'
import { ToolError } from '../../../core/tool-error.js'
import { newLines, oldLines, parsePatch, patchPaths } from './parse-patch.js'

/** The ToolError a parse throws; fails the test when it does not throw one. */
function parseError(patch: string): ToolError {
  try {
    parsePatch(patch)
  } catch (error) {
    if (error instanceof ToolError) return error
    throw error
  }
  throw new Error('expected the patch to be rejected')
}

const patch = (...lines: string[]) => lines.join('\n') + '\n'

describe('parsePatch', () => {
  it('reads add, delete and update operations in order', () => {
    const operations = parsePatch(
      patch(
        '*** Begin Patch',
        '*** Add File: docs/new.md',
        '+# Title',
        '+',
        '+text',
        '*** Delete File: old.txt',
        '*** Update File: src/a.ts',
        '@@',
        ' keep',
        '-old',
        '+new',
        '*** End Patch',
      ),
    )
    expect(operations).toEqual([
      { kind: 'add', path: 'docs/new.md', lines: ['# Title', '', 'text'], patchLine: 2 },
      { kind: 'delete', path: 'old.txt', patchLine: 6 },
      {
        kind: 'update',
        path: 'src/a.ts',
        patchLine: 7,
        hunks: [
          {
            anchors: [],
            endOfFile: false,
            patchLine: 8,
            lines: [
              { op: ' ', text: 'keep' },
              { op: '-', text: 'old' },
              { op: '+', text: 'new' },
            ],
          },
        ],
      },
    ])
    expect(patchPaths(operations)).toEqual(['docs/new.md', 'old.txt', 'src/a.ts'])
  })

  it('reads Move to, anchors, several hunks and End of File', () => {
    const [update] = parsePatch(
      patch(
        '*** Begin Patch',
        '*** Update File: a.py',
        '*** Move to: b.py',
        '@@ class Greeter:',
        '@@     def greet(self):',
        '-        return 1',
        '+        return 2',
        '@@',
        ' last',
        '+appended',
        '*** End of File',
        '*** End Patch',
      ),
    )
    expect(update).toMatchObject({ kind: 'update', path: 'a.py', moveTo: 'b.py' })
    if (update?.kind !== 'update') throw new Error('expected an update')
    expect(update.hunks.map((hunk) => [hunk.anchors, hunk.endOfFile, hunk.patchLine])).toEqual([
      [['class Greeter:', 'def greet(self):'], false, 4],
      [[], true, 8],
    ])
    expect(oldLines(update.hunks[1]!)).toEqual(['last'])
    expect(newLines(update.hunks[1]!)).toEqual(['last', 'appended'])
    expect(patchPaths([update])).toEqual(['a.py', 'b.py'])
  })

  it('accepts a move without hunks and an update whose first hunk has no @@ line', () => {
    expect(parsePatch(patch('*** Begin Patch', '*** Update File: a', '*** Move to: b', '*** End Patch'))).toEqual([
      { kind: 'update', path: 'a', moveTo: 'b', hunks: [], patchLine: 2 },
    ])
    const [update] = parsePatch(patch('*** Begin Patch', '*** Update File: a', '-x', '+y', '*** End Patch'))
    expect(update).toMatchObject({
      hunks: [
        {
          anchors: [],
          lines: [
            { op: '-', text: 'x' },
            { op: '+', text: 'y' },
          ],
        },
      ],
    })
  })

  it('tolerates whitespace around markers and @@ lines, CRLF, blank lines between operations', () => {
    const text = [
      '',
      '   *** Begin Patch  ',
      '  *** Update File:   spaced name.txt  ',
      '   @@   ',
      '-a',
      '+b',
      '',
      '*** Delete File: x',
      ' *** End Patch ',
      '',
    ].join('\r\n')
    expect(parsePatch(text)).toEqual([
      {
        kind: 'update',
        path: 'spaced name.txt',
        patchLine: 3,
        hunks: [
          {
            anchors: [],
            endOfFile: false,
            patchLine: 4,
            lines: [
              { op: '-', text: 'a' },
              { op: '+', text: 'b' },
            ],
          },
        ],
      },
      { kind: 'delete', path: 'x', patchLine: 8 },
    ])
  })

  it('reads an empty line inside a hunk as empty context, but not trailing empty lines', () => {
    const [update] = parsePatch(
      patch('*** Begin Patch', '*** Update File: a', '@@', ' one', '', '-two', '', '', '*** End Patch'),
    )
    expect(update).toMatchObject({
      hunks: [
        {
          lines: [
            { op: ' ', text: 'one' },
            { op: ' ', text: '' },
            { op: '-', text: 'two' },
          ],
        },
      ],
    })
  })

  it('reads unified-diff headers, taking the text after them as the anchor', () => {
    const [update] = parsePatch(
      patch(
        '*** Begin Patch',
        '*** Update File: a',
        '@@ -10,4 +10,5 @@ function main() {',
        '-x',
        '+y',
        '*** End Patch',
      ),
    )
    expect(update).toMatchObject({ hunks: [{ anchors: ['function main() {'] }] })
  })

  it('keeps context lines that look like markers when they are no known marker', () => {
    const [update] = parsePatch(
      patch('*** Begin Patch', '*** Update File: a.md', '@@', ' ***', '-old', '+new', '*** End Patch'),
    )
    expect(update).toMatchObject({
      hunks: [
        {
          lines: [
            { op: ' ', text: '***' },
            { op: '-', text: 'old' },
            { op: '+', text: 'new' },
          ],
        },
      ],
    })
  })

  it('drops a heredoc wrapper', () => {
    const text = patch("<<'EOF'", '*** Begin Patch', '*** Delete File: a', '*** End Patch', 'EOF')
    expect(parsePatch(text)).toEqual([{ kind: 'delete', path: 'a', patchLine: 3 }])
  })

  it('rejects a patch without Begin Patch, End Patch or operations, naming the line', () => {
    expect(parseError('hello\n')).toMatchObject({ code: 'patch.invalid', details: { line: 1 } })
    expect(parseError('hello\n').message).toMatch(
      /^The patch is not valid\. Line 1: found "hello"; expected "\*\*\* Begin Patch"/,
    )
    expect(parseError('hello\n').message).toContain('*** Update File: src/app.py')
    expect(parseError(patch('*** Begin Patch', '*** Delete File: a'))).toMatchObject({ details: { line: 3 } })
    expect(parseError(patch('*** Begin Patch', '*** Delete File: a')).message).toContain('ends without "*** End Patch"')
    const empty = parseError(patch('*** Begin Patch', '*** End Patch'))
    expect(empty).toMatchObject({ code: 'patch.invalid', details: { line: 2 } })
    expect(empty.message).toContain('no file operations')
    expect(parseError(patch('*** Begin Patch', '*** Delete File: a', '*** End Patch', 'more')).message).toContain(
      'Line 4: unexpected text after',
    )
  })

  it('rejects unknown markers and misplaced ones', () => {
    const unknown = parseError(patch('*** Begin Patch', '*** Frobnicate File: foo', '*** End Patch'))
    expect(unknown).toMatchObject({ code: 'patch.invalid', details: { line: 2 } })
    expect(unknown.message).toContain('unknown marker "*** Frobnicate File: foo"; expected *** Add File: <path>')
    expect(parseError(patch('*** Begin Patch', '*** Move to: b', '*** End Patch')).message).toContain(
      'Line 2: "*** Move to:" must directly follow',
    )
    expect(parseError(patch('*** Begin Patch', '*** End of File', '*** End Patch')).message).toContain(
      'Line 2: "*** End of File" is not expected here',
    )
    expect(parseError(patch('*** Begin Patch', 'stray', '*** End Patch')).message).toContain(
      'Line 2: found "stray"; expected *** Add File',
    )
    expect(parseError(patch('*** Begin Patch', '*** Add File:', '*** End Patch')).message).toContain(
      'Line 2: "*** Add File:" needs a path',
    )
  })

  it('rejects bad lines in added files and hunks with their line numbers', () => {
    const add = parseError(patch('*** Begin Patch', '*** Add File: a', '+one', 'two', '*** End Patch'))
    expect(add).toMatchObject({ details: { line: 4 } })
    expect(add.message).toContain('every line of an added file starts with "+"')
    const hunk = parseError(patch('*** Begin Patch', '*** Update File: a', '@@', ' one', 'two', '*** End Patch'))
    expect(hunk).toMatchObject({ details: { line: 5 } })
    expect(hunk.message).toContain('hunk lines start with " " (context), "-" (remove) or "+" (add)')
    const noHunks = parseError(patch('*** Begin Patch', '*** Update File: a', '*** End Patch'))
    expect(noHunks).toMatchObject({ details: { line: 2 } })
    expect(noHunks.message).toContain('has no hunks')
    const emptyHunk = parseError(patch('*** Begin Patch', '*** Update File: a', '@@', '@@ x', '*** End Patch'))
    expect(emptyHunk).toMatchObject({ details: { line: 3 } })
    expect(emptyHunk.message).toContain('this hunk has no lines')
    expect(
      parseError(patch('*** Begin Patch', '*** Update File: a', '@@', '-x', 'junk', '*** End Patch')),
    ).toMatchObject({ details: { line: 5 } })
  })

  it('allows blank lines after an added file but not inside it', () => {
    expect(parsePatch(patch('*** Begin Patch', '*** Add File: a', '+x', '', '*** End Patch'))).toEqual([
      { kind: 'add', path: 'a', lines: ['x'], patchLine: 2 },
    ])
    expect(parseError(patch('*** Begin Patch', '*** Add File: a', '+x', '', '+y', '*** End Patch'))).toMatchObject({
      details: { line: 4 },
    })
  })
})

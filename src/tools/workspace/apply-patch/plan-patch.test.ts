import { describe, expect, it } from 'vitest'
import { ToolError } from '../../../core/tool-error.js'
import { sha256Hex } from '../../../workspace/sha256.js'
import { applyHunks } from './apply-hunks.js'
import { parsePatch } from './parse-patch.js'
import { planPatch, type FileState, type PatchPlan } from './plan-patch.js'

const file = (text: string): FileState => ({ kind: 'file', sha256: sha256Hex(text), text })

function plan(patchLines: readonly string[], files: Record<string, FileState>): PatchPlan {
  const text = ['*** Begin Patch', ...patchLines, '*** End Patch'].join('\n')
  return planPatch(parsePatch(text), new Map(Object.entries(files)))
}

/** Applies update hunks written as patch lines to a text. */
function update(text: string, ...hunkLines: string[]): string {
  const [operation] = parsePatch(['*** Begin Patch', '*** Update File: f', ...hunkLines, '*** End Patch'].join('\n'))
  if (operation?.kind !== 'update') throw new Error('expected an update')
  return applyHunks('f', text, operation.hunks)
}

function thrown(run: () => unknown): ToolError {
  try {
    run()
  } catch (error) {
    if (error instanceof ToolError) return error
    throw error
  }
  throw new Error('expected a ToolError')
}

describe('applyHunks', () => {
  it('replaces removed lines, keeps context and applies hunks in order', () => {
    expect(update('a\nb\nc\nd\ne\n', '@@', ' a', '-b', '+B', '@@', ' d', '-e', '+E1', '+E2')).toBe(
      'a\nB\nc\nd\nE1\nE2\n',
    )
  })

  it('keeps CRLF files CRLF, and mixed files line by line', () => {
    expect(update('one\r\ntwo\r\nthree\r\n', '@@', ' one', '-two', '+2', '+2b')).toBe('one\r\n2\r\n2b\r\nthree\r\n')
    expect(update('a\nb\r\nc\r\nd\r\n', '@@', '-a', '+A')).toBe('A\r\nb\r\nc\r\nd\r\n')
    expect(update('a\r\nb\nc\n', '@@', ' b', '+new')).toBe('a\r\nb\nnew\nc\n')
  })

  it('keeps the trailing-newline state of the file', () => {
    expect(update('first\nlast', '@@', '-last', '+end')).toBe('first\nend')
    expect(update('first\nlast', '@@', ' last', '+more')).toBe('first\nlast\nmore')
    expect(update('first\nlast', '@@', '-first', '+1st')).toBe('1st\nlast')
    expect(update('a\nb', '@@', ' a', '-b')).toBe('a')
    expect(update('no newline at end\n', '@@', '-no newline at end', '+first line', '+second line')).toBe(
      'first line\nsecond line\n',
    )
  })

  it('gives new content of an empty file a trailing newline, and can empty a file', () => {
    expect(update('', '@@', '+hello')).toBe('hello\n')
    expect(update('only\n', '@@', '-only')).toBe('')
  })

  it('keeps the file text of loosely matched context lines and a byte order mark', () => {
    expect(update('\uFEFFsay(\u201Chi\u201D)  \nx\n', '@@', ' say("hi")', '-x', '+y')).toBe(
      '\uFEFFsay(\u201Chi\u201D)  \ny\n',
    )
  })

  it('adds lines without context at the end, or right after an @@ anchor', () => {
    expect(update('a\nb\n', '@@', '+c')).toBe('a\nb\nc\n')
    expect(update('def f():\n    pass\ndef g():\n    pass\n', '@@ def g', '+    """Doc."""')).toBe(
      'def f():\n    pass\ndef g():\n    """Doc."""\n    pass\n',
    )
  })

  it('uses anchors to place a hunk whose lines occur more than once', () => {
    const text = 'def a():\n    return 1\n\ndef b():\n    return 1\n'
    expect(update(text, '@@ def b():', '-    return 1', '+    return 2')).toBe(
      'def a():\n    return 1\n\ndef b():\n    return 2\n',
    )
    const error = thrown(() => update(text, '@@', '-    return 1', '+    return 2'))
    expect(error.code).toBe('patch.context_not_found')
    expect(error.message).toContain('f: hunk 1 (patch line 3) matches 2 places in the file (starting at lines 2, 5)')
    expect(error.message).toContain('  -    return 1')
  })

  it('anchors *** End of File hunks at the end', () => {
    expect(update('x\ny\nx\n', '@@', '-x', '+z', '*** End of File')).toBe('x\ny\nz\n')
    const error = thrown(() => update('x\ny\n', '@@', '-x', '+z', '*** End of File'))
    expect(error.message).toContain('does not match the file at its end (*** End of File)')
  })

  it('names the file, the hunk and the lines not found, with the closest lines', () => {
    const error = thrown(() =>
      update('alpha\nbeta\ngamma\n', '@@', ' alpha', '-beta', '+b', '@@', ' gamma', '-delta', '+d'),
    )
    expect(error).toMatchObject({ code: 'patch.context_not_found', details: { path: 'f', hunk: 2, reason: 'missing' } })
    expect(error.message).toContain(
      'f: hunk 2 (patch line 7) does not match the file after line 2. These lines were not found:\n   gamma\n  -delta\n',
    )
    expect(error.message).toContain('The closest lines in the file are:\n  3: gamma\n')
  })

  it("says when a hunk's lines come before the previous hunk", () => {
    const error = thrown(() => update('a\nb\nc\n', '@@', '-c', '+C', '@@', '-a', '+A'))
    expect(error.message).toContain('These lines are at line 1, above where this hunk may start')
  })

  it('reports an @@ anchor that is not in the file', () => {
    const error = thrown(() => update('a\n', '@@ class Missing', '-a', '+b'))
    expect(error).toMatchObject({ code: 'patch.context_not_found', details: { reason: 'anchor' } })
    expect(error.message).toContain('no line matching "@@ class Missing" was found in the file')
  })
})

describe('planPatch', () => {
  it('plans adds, updates and deletes with compare-and-swap hashes', () => {
    const modify = file('line1\nline2\n')
    const obsolete = file('obsolete\n')
    const { entries } = plan(
      [
        '*** Add File: nested/new.txt',
        '+created',
        '*** Delete File: delete.txt',
        '*** Update File: modify.txt',
        '@@',
        '-line2',
        '+changed',
      ],
      {
        'delete.txt': obsolete,
        'modify.txt': modify,
      },
    )
    expect(entries).toEqual([
      {
        change: { path: 'nested/new.txt', action: 'add', added: 1, removed: 0 },
        steps: [{ kind: 'write', path: 'nested/new.txt', text: 'created\n', expectedSha256: null }],
      },
      {
        change: { path: 'delete.txt', action: 'delete', added: 0, removed: 1 },
        steps: [
          { kind: 'remove', path: 'delete.txt', expectedSha256: obsolete.kind === 'file' ? obsolete.sha256 : '' },
        ],
      },
      {
        change: { path: 'modify.txt', action: 'update', added: 1, removed: 1 },
        steps: [
          { kind: 'write', path: 'modify.txt', text: 'line1\nchanged\n', expectedSha256: sha256Hex('line1\nline2\n') },
        ],
      },
    ])
  })

  it('plans a move over an existing destination, then the edit at the new path', () => {
    const { entries } = plan(
      ['*** Update File: old/name.txt', '*** Move to: renamed/dir/name.txt', '@@', '-from', '+new'],
      {
        'old/name.txt': file('from\n'),
        'renamed/dir/name.txt': file('existing\n'),
      },
    )
    expect(entries).toEqual([
      {
        change: { path: 'renamed/dir/name.txt', action: 'move', from: 'old/name.txt', added: 1, removed: 1 },
        steps: [
          {
            kind: 'move',
            from: 'old/name.txt',
            to: 'renamed/dir/name.txt',
            expectedSha256: sha256Hex('from\n'),
            destinationSha256: sha256Hex('existing\n'),
          },
          { kind: 'write', path: 'renamed/dir/name.txt', text: 'new\n', expectedSha256: sha256Hex('from\n') },
        ],
      },
    ])
  })

  it('lets later operations see earlier ones', () => {
    const { entries } = plan(
      [
        '*** Delete File: a',
        '*** Add File: a',
        '+fresh',
        '*** Update File: a',
        '@@',
        '-fresh',
        '+fresher',
        '*** Update File: a',
        '*** Move to: b',
      ],
      { a: file('old\n') },
    )
    expect(entries.flatMap((entry) => entry.steps)).toEqual([
      { kind: 'remove', path: 'a', expectedSha256: sha256Hex('old\n') },
      { kind: 'write', path: 'a', text: 'fresh\n', expectedSha256: null },
      { kind: 'write', path: 'a', text: 'fresher\n', expectedSha256: sha256Hex('fresh\n') },
      { kind: 'move', from: 'a', to: 'b', expectedSha256: sha256Hex('fresher\n'), destinationSha256: null },
    ])
    expect(
      thrown(() => plan(['*** Delete File: a', '*** Update File: a', '@@', '-x'], { a: file('x\n') })),
    ).toMatchObject({ code: 'patch.file_not_found' })
  })

  it('refuses to add over an existing file or directory, or below a file', () => {
    const exists = thrown(() => plan(['*** Add File: a.txt', '+x'], { 'a.txt': file('x\n') }))
    expect(exists).toMatchObject({ code: 'patch.file_exists', details: { path: 'a.txt' } })
    expect(exists.message).toContain('put "*** Delete File: a.txt" before the "*** Add File: a.txt"')
    expect(thrown(() => plan(['*** Add File: src', '+x'], { src: { kind: 'directory' } })).message).toContain(
      'src cannot be created: a directory',
    )
    expect(thrown(() => plan(['*** Add File: a.txt/b', '+x'], { 'a.txt': file('x\n') })).message).toContain(
      'a.txt is a file, not a directory',
    )
    expect(thrown(() => plan(['*** Add File: d/f', '+x', '*** Add File: d', '+y'], {}))).toMatchObject({
      code: 'patch.file_exists',
    })
    expect(
      thrown(() => plan(['*** Update File: a', '*** Move to: dir'], { a: file('x\n'), dir: { kind: 'directory' } })),
    ).toMatchObject({ code: 'patch.file_exists' })
  })

  it('refuses updates and deletes of missing files and directories', () => {
    const missing = thrown(() => plan(['*** Update File: missing.txt', '@@', '-old', '+new'], {}))
    expect(missing).toMatchObject({ code: 'patch.file_not_found' })
    expect(missing.message).toContain('missing.txt does not exist, so this tool cannot update it.')
    expect(thrown(() => plan(['*** Delete File: gone'], {})).message).toContain('cannot delete it')
    expect(thrown(() => plan(['*** Delete File: src'], { src: { kind: 'directory' } }))).toMatchObject({
      code: 'patch.file_not_found',
    })
  })

  it('moves and deletes files that are not text, but does not apply hunks to them', () => {
    const binary: FileState = { kind: 'file', sha256: 'abc', text: undefined }
    expect(plan(['*** Update File: a.bin', '*** Move to: b.bin'], { 'a.bin': binary }).entries[0]?.steps).toEqual([
      { kind: 'move', from: 'a.bin', to: 'b.bin', expectedSha256: 'abc', destinationSha256: null },
    ])
    expect(plan(['*** Delete File: a.bin'], { 'a.bin': binary }).entries[0]?.change).toEqual({
      path: 'a.bin',
      action: 'delete',
      added: 0,
      removed: 0,
    })
    expect(thrown(() => plan(['*** Update File: a.bin', '@@', '-x'], { 'a.bin': binary }))).toMatchObject({
      code: 'patch.not_text',
    })
  })

  it('plans no write for an update that changes nothing', () => {
    expect(plan(['*** Update File: a', '@@', ' same'], { a: file('same\n') }).entries[0]?.steps).toEqual([])
  })
})

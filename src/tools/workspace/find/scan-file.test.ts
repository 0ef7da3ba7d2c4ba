import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import { compileMatcher } from './line-matcher.js'
import { asyncIo, scanFile, syncIo, type ScanOptions } from './scan-file.js'

const options: ScanOptions = {
  matcher: compileMatcher('needle', false),
  mode: 'content',
  before: 0,
  after: 0,
  keep: 10,
  lineChars: 300,
  maxBytes: 1024 * 1024,
  timeLimitMs: 10_000,
}

describe.each([
  ['synchronous', syncIo],
  ['thread-pool', asyncIo],
])('scanFile with %s calls', (name, io) => {
  const dir = tempDir('toolhost-scan-')
  const put = (name: string, content: string | Uint8Array) => {
    writeFileSync(join(dir, name), content)
    return join(dir, name)
  }

  it('searches a small file in one read', async () => {
    expect(await scanFile(put('small.txt', 'a\nneedle\n'), options, io)).toEqual({
      kind: 'searched',
      matches: 1,
      lines: [{ line: 2, text: 'needle', isMatch: true }],
      timedOut: false,
    })
  })

  it('reads a large file in pieces, with the line numbers of the whole file', async () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i}`)
    lines.push('the needle')
    const scan = await scanFile(put('large.txt', lines.join('\n')), options, io)
    expect(scan).toMatchObject({ kind: 'searched', matches: 1, lines: [{ line: 40_001, text: 'the needle' }] })
  })

  it('tells binary, too large and unreadable files', async () => {
    expect(await scanFile(put('bin.dat', Buffer.from([1, 0, 2])), options, io)).toEqual({ kind: 'binary' })
    expect(await scanFile(put('huge.txt', 'x\n'.repeat(600_000)), options, io)).toEqual({ kind: 'too-large' })
    mkdirSync(join(dir, 'folder'), { recursive: true })
    expect(await scanFile(join(dir, 'folder'), options, io)).toEqual({ kind: 'unreadable' })
    expect(await scanFile(join(dir, 'missing.txt'), options, io)).toEqual({ kind: 'unreadable' })
  })

  it('does not open a symlink put where a file was', async () => {
    const target = put('target.txt', 'needle\n')
    symlinkSync(target, join(dir, `link-${name}.txt`))
    expect(await scanFile(join(dir, `link-${name}.txt`), options, io)).toEqual({ kind: 'unreadable' })
  })
})

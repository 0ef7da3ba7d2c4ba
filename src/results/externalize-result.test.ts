import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listFiles, useTempDir } from './__fixtures__/temp-dir.js'
import { externalizeIfLong, PREVIEW_CHARS } from './externalize-result.js'
import type { ExternalizeRequest } from './externalize-result.js'
import { resultFileName } from './result-files.js'

const dir = useTempDir('externalize')
const emoji = '😀'

/** No lone surrogate: a string the wrapping or preview cut inside a pair would fail this. */
function wellFormed(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
}

function request(text: string, overrides: Partial<ExternalizeRequest> = {}): ExternalizeRequest {
  return {
    runDir: dir.path,
    invocationId: 'inv-1',
    round: 3,
    callId: 'call_1',
    text,
    limit: 50_000,
    aliases: {},
    ...overrides,
  }
}

describe('resultFileName', () => {
  it('names the file by padded round and the first 8 bytes of SHA-256 of the call id', () => {
    expect(resultFileName('inv-1', 3, 'call_1')).toBe('tool-results/inv-1/round-003-call_74196fe72e4cdc13.txt')
    expect(resultFileName('inv-1', 1234, 'toolu_01A')).toBe('tool-results/inv-1/round-1234-call_5abc8d7f91d2b88f.txt')
    expect(resultFileName('inv-1', 1, '😀 id')).toBe('tool-results/inv-1/round-001-call_5029de90c8cfff12.txt')
  })

  it('refuses ids that are no folder name and rounds that are no positive integer', () => {
    for (const id of ['', '.', '..', 'a/b', 'a\\b'])
      expect(() => resultFileName(id, 1, 'c')).toThrow(/cannot be used as a folder name/)
    for (const round of [0, -1, 1.5, Number.NaN]) expect(() => resultFileName('inv', round, 'c')).toThrow(RangeError)
  })
})

describe('externalizeIfLong', () => {
  it('returns a text of exactly the limit as it is and writes nothing', async () => {
    const text = 'x'.repeat(50_000)
    expect(await externalizeIfLong(request(text))).toEqual({ content: text, resourceRefs: [], externalized: false })
    expect(await listFiles(dir.path)).toEqual([])
  })

  it('writes one character over the limit to the .txt and the .json beside it', async () => {
    const text = 'x'.repeat(50_001)
    const result = await externalizeIfLong(request(text))
    const path = 'tool-results/inv-1/round-003-call_74196fe72e4cdc13.txt'
    expect(result.externalized).toBe(true)
    expect(result.resourceRefs).toEqual([path])
    expect(await listFiles(dir.path)).toEqual([path.replace('.txt', '.json'), path])
    const written = await readFile(join(dir.path, path), 'utf8')
    expect(written.split('\n').map((line) => line.length)).toEqual([...Array<number>(16).fill(3000), 2001])
    expect(written.replaceAll('\n', '')).toBe(text)
    expect(JSON.parse(await readFile(join(dir.path, path.replace('.txt', '.json')), 'utf8'))).toEqual({ content: text })
  })

  it('stores the raw value as pretty JSON', async () => {
    const raw = { rows: [{ id: 1 }, { id: 2 }], truncated: false }
    await externalizeIfLong(request('y'.repeat(20), { limit: 10, raw }))
    const json = await readFile(join(dir.path, 'tool-results/inv-1/round-003-call_74196fe72e4cdc13.json'), 'utf8')
    expect(json).toBe(JSON.stringify(raw, null, 2))
  })

  it('gives a note without reading advice when no tools are offered, then the preview', async () => {
    const text = `${'line of the result\n'.repeat(3000)}end`
    const { content } = await externalizeIfLong(request(text))
    const path = 'tool-results/inv-1/round-003-call_74196fe72e4cdc13.txt'
    const preview = text.slice(0, PREVIEW_CHARS)
    expect(content).toBe(
      `[Result too long to show: 57,003 characters, 3,001 lines. Full text in ${path} ` +
        '(lines over 3,000 characters are split). Below is an incomplete preview: the first 3,000 characters.]\n' +
        `\n${preview}\n[… 54,003 more characters in ${path}]`,
    )
  })

  it('names the tools to read, search and process the file by their aliases', async () => {
    const path = 'tool-results/inv-1/round-003-call_74196fe72e4cdc13'
    const all = await externalizeIfLong(
      request('z'.repeat(60_000), { aliases: { readFile: 'Read', searchFiles: 'Grep', shell: 'Bash' } }),
    )
    const firstLine = all.content.split('\n', 1)[0]
    expect(firstLine).toBe(
      `[Result too long to show: 60,000 characters, 20 lines. Full text in ${path}.txt ` +
        '(lines over 3,000 characters are split). Below is an incomplete preview: the first 3,000 characters. ' +
        'Read it with Read: offset is the first line to read (1-based), limit the number of lines. ' +
        `Search it with Grep, giving ${path}.txt as the path. ` +
        `With Bash you can also run grep -n, sed -n or head on it, or jq on ${path}.json, the raw result as JSON.]`,
    )
    const onlyRead = await externalizeIfLong(
      request('z'.repeat(60_000), { aliases: { readFile: 'workspace_read_file' } }),
    )
    expect(onlyRead.content.split('\n', 1)[0]).toMatch(
      /characters\. Read it with workspace_read_file: offset is the first line to read \(1-based\), limit the number of lines\.\]$/,
    )
  })

  it('shows at most the limit as preview when the limit is below 3,000', async () => {
    const { content } = await externalizeIfLong(request('abcdefghij'.repeat(100), { limit: 500 }))
    expect(content).toContain('an incomplete preview: the first 500 characters')
    expect(content).toContain(`\n\n${'abcdefghij'.repeat(50)}\n[… 500 more characters in `)
  })

  it('splits neither a surrogate pair in the file nor in the preview', async () => {
    const text = 'a'.repeat(2999) + emoji.repeat(30_000)
    const { content } = await externalizeIfLong(request(text))
    expect(content).toContain(`\n\n${'a'.repeat(2999)}\n[… 60,000 more characters in `)
    expect(content).toContain('an incomplete preview: the first 2,999 characters')
    expect(wellFormed(content)).toBe(true)
    const written = await readFile(join(dir.path, 'tool-results/inv-1/round-003-call_74196fe72e4cdc13.txt'), 'utf8')
    const lines = written.split('\n')
    expect(lines.every((line) => wellFormed(line) && line.length <= 3000)).toBe(true)
    expect(lines.join('')).toBe(text)
  })

  it('overwrites an earlier file of the same call and leaves no temporary files', async () => {
    await externalizeIfLong(request('1'.repeat(20), { limit: 10 }))
    await externalizeIfLong(request('2'.repeat(20), { limit: 10 }))
    const files = await listFiles(dir.path)
    expect(files).toHaveLength(2)
    expect(await readFile(join(dir.path, files[1] ?? ''), 'utf8')).toBe('2'.repeat(20))
  })

  // A pass that is not linear would run for minutes here, far past the test timeout.
  it('externalizes 10 MB of text with one very long line', async () => {
    const line = `${'word '.repeat(40)}\n` // 201 characters
    const text = line.repeat(40_000) + 'q'.repeat(2_000_000) // about 10 MB with one very long line
    const result = await externalizeIfLong(request(text))
    expect(result.content).toContain('10,040,000 characters, 40,667 lines')
    const written = await readFile(join(dir.path, result.resourceRefs[0] ?? ''), 'utf8')
    expect(written.length).toBe(text.length + 666)
  })
})

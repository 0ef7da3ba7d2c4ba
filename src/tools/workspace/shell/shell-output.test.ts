import { describe, expect, it } from 'vitest'
import { cleanShellOutput, formatShellResult, SHELL_INLINE_CHAR_LIMIT, shellOutputText } from './shell-output.js'

describe('formatShellResult', () => {
  it('puts the exit code first and marks empty output', () => {
    expect(formatShellResult(0, 'hi\n')).toBe('Exit code: 0\nhi\n')
    expect(formatShellResult(1, '')).toBe('Exit code: 1\n(no output)')
  })
})

describe('cleanShellOutput', () => {
  it('shows control characters as control pictures and keeps tabs and line breaks', () => {
    expect(cleanShellOutput('a\u0000b\u001b[31mc\u007f\td\r\n')).toBe('a\u2400b\u241b[31mc\u2421\td\r\n')
  })

  it('replaces unpaired surrogates and keeps pairs', () => {
    expect(cleanShellOutput('x\ud800y\udc00z😀')).toBe('x\ufffdy\ufffdz😀')
  })
})

describe('shellOutputText', () => {
  it('returns text within the limit unchanged', () => {
    const text = 'x'.repeat(SHELL_INLINE_CHAR_LIMIT)
    expect(shellOutputText(text)).toBe(text)
  })

  it('keeps head and tail of long output, cut at line breaks, within the limit', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`)
    const text = `${lines.join('\n')}\n`
    const shown = shellOutputText(text, SHELL_INLINE_CHAR_LIMIT, 'tool-results/inv/round-001-call_0011223344556677.txt')
    expect(shown.length).toBeLessThanOrEqual(SHELL_INLINE_CHAR_LIMIT)
    expect(shown.startsWith('line 0\nline 1\n')).toBe(true)
    expect(shown.endsWith('line 19999\n')).toBe(true)
    const marker =
      /… \[([\d,]+) characters cut; full output in tool-results\/inv\/round-001-call_0011223344556677\.txt\] …\n/.exec(
        shown,
      )
    const cut = Number(marker?.[1]?.replace(/,/g, ''))
    const [head = '', tail = ''] = shown.split(marker?.[0] ?? '')
    expect(head.endsWith('\n') && tail.startsWith('line ')).toBe(true)
    expect(head.length + cut + tail.length).toBe(text.length)
    expect(text.startsWith(head) && text.endsWith(tail)).toBe(true)
  })

  it('cuts one huge line in the middle and names no file without a path', () => {
    const shown = shellOutputText('a'.repeat(500_000) + 'b'.repeat(500_000), 1_000)
    expect(shown.length).toBeLessThanOrEqual(1_000)
    expect(shown).toMatch(/^a+\n… \[999,\d{3} characters cut\] …\nb+$/)
  })

  it('never splits a surrogate pair', () => {
    const shown = shellOutputText('😀'.repeat(10_000), 1_001)
    expect(shown).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
  })

  it('refuses a limit too small for the marker', () => {
    expect(() => shellOutputText('x', 10)).toThrow(RangeError)
  })
})

import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import type { ToolItem, ToolItemResult } from '../state/chat-state.js'
import { seconds, toolLine, toolResultLines } from './tool-line-text.js'

const plain = { width: 80, color: false }

function item(fields: Partial<ToolItem> = {}): ToolItem {
  return {
    kind: 'tool',
    id: 't1',
    callId: 'c1',
    agentId: 'main',
    alias: 'dice_roll',
    toolId: 'builtin:dice.roll',
    rawArguments: '{"formula":  "1d6"}',
    startedAt: 1_000,
    ...fields,
  }
}

function ended(result: Partial<ToolItemResult>, fields: Partial<ToolItem> = {}): ToolItem {
  return item({ endedAt: 1_200, result: { content: '4', isError: false, ...result }, ...fields })
}

const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n')

describe('toolLine', () => {
  it('shows a running call with a spinner, its arguments on one line and the time it has run', () => {
    expect(toolLine(item(), 2_500, plain)).toBe('⠴ dice_roll({"formula": "1d6"}) · 1.5 s')
    expect(toolLine(item({ rawArguments: '{}' }), 1_000, plain)).toBe('⠋ dice_roll() · 0.0 s')
  })

  it('adds what a running call last said', () => {
    const line = toolLine(
      item({ title: 'Roll 1d6', progress: { message: 'rolling', progress: 2, total: 5 } }),
      1_300,
      plain,
    )
    expect(line).toBe('⠸ Roll 1d6 · 0.3 s · rolling (2/5)')
  })

  it('marks an ended call ✓ or ✗ with the time it ran, not its progress', () => {
    const progress = { message: 'rolling' }
    expect(toolLine(ended({}, { title: 'Roll 1d6', progress }), 99_000, plain)).toBe('✓ Roll 1d6 · 0.2 s')
    expect(toolLine(ended({ isError: true }), 99_000, plain)).toBe('✗ dice_roll({"formula": "1d6"}) · 0.2 s')
  })

  it('makes control and bidi characters in a title visible and keeps it on one line', () => {
    const line = toolLine(ended({}, { title: 'Roll\u001b[2J \u202eevil\n  next\r' }), 0, plain)
    expect(line).toBe('✓ Roll<U+001B>[2J <U+202E>evil next<U+000D> · 0.2 s')
  })

  it('colours with SGR codes only when asked', () => {
    expect(toolLine(ended({}), 0, { width: 80, color: true })).toContain('\u001b[32m✓')
    expect(toolLine(ended({ isError: true }), 0, { width: 80, color: true })).toContain('\u001b[31m✗')
  })

  it('never goes past the width', () => {
    const long = item({
      rawArguments: JSON.stringify({ text: '語'.repeat(200) }),
      progress: { message: 'x'.repeat(90) },
    })
    for (const width of [40, 80])
      for (const color of [false, true])
        expect(stringWidth(toolLine(long, 5_000, { width, color }))).toBeLessThanOrEqual(width)
  })
})

describe('toolResultLines', () => {
  const opts = { ...plain, expandable: false }

  it('is empty while the call runs or when it said nothing', () => {
    expect(toolResultLines(item(), opts)).toBe('')
    expect(toolResultLines(ended({ content: '' }), opts)).toBe('')
  })

  it('shows the tool’s summary and a few lines of output', () => {
    expect(toolResultLines(ended({ summary: 'rolled 4', content: lines(6) }), opts)).toBe(
      ['  ⎿ rolled 4', '    line 1', '    line 2', '    line 3', '    line 4', '    … 2 more lines'].join('\n'),
    )
  })

  it('shows the first lines of output alone and counts the rest, offering Ctrl-O when expandable', () => {
    const text = toolResultLines(ended({ content: `${lines(10)}\n\n` }), { ...plain, expandable: true })
    expect(text.split('\n')).toEqual([
      '  ⎿ line 1',
      ...Array.from({ length: 7 }, (_, index) => `    line ${index + 2}`),
      '    … 2 more lines (Ctrl-O to expand)',
    ])
  })

  it('shows an error with its code, three lines at most', () => {
    expect(toolResultLines(ended({ isError: true, errorCode: 'invalid_arguments', content: lines(5) }), opts)).toBe(
      '  ⎿ invalid_arguments: line 1\n    line 2\n    line 3',
    )
  })

  it('shows a diff of what the call changed instead of its output', () => {
    const patch = '--- a.txt\n+++ a.txt\n@@ -1,1 +1,1 @@\n-old\n+new\n'
    const text = toolResultLines(ended({ summary: 'wrote a.txt', content: 'ok', patch }), opts)
    expect(text.split('\n')[0]).toBe('  ⎿ wrote a.txt')
    expect(text).toMatch(/-old/)
    expect(text).toMatch(/\+new/)
    expect(text).not.toContain('ok')
  })

  it('makes control and bidi characters of the output and summary visible', () => {
    const text = toolResultLines(ended({ summary: 'a\u0007b', content: 'x\u001b]0;title\u0007\u2066y' }), opts)
    expect(text).toBe('  ⎿ a<U+0007>b\n    x<U+001B>]0;title<U+0007><U+2066>y')
    const error = toolResultLines(ended({ isError: true, content: '\u009b31m' }), opts)
    expect(error).toBe('  ⎿ <U+009B>31m')
  })

  it('colours with SGR codes only when asked', () => {
    const colored = toolResultLines(ended({ isError: true, content: 'bad' }), {
      width: 80,
      color: true,
      expandable: false,
    })
    expect(colored).toContain('\u001b[31m')
    expect(toolResultLines(ended({ isError: true, content: 'bad' }), opts)).not.toContain('\u001b')
  })

  it('never goes past the width', () => {
    const wide = 'ｗ'.repeat(100)
    const patch = `--- a.txt\n+++ a.txt\n@@ -1,1 +1,1 @@\n-${wide}\n+${wide}\n`
    const items = [
      ended({ content: `${wide}\n${wide}` }),
      ended({ summary: wide, content: wide }),
      ended({ isError: true, errorCode: 'x', content: wide }),
      ended({ patch, content: '' }),
    ]
    for (const width of [40, 80])
      for (const color of [false, true])
        for (const line of items.flatMap((one) => toolResultLines(one, { width, color, expandable: true }).split('\n')))
          expect(stringWidth(line)).toBeLessThanOrEqual(width)
  })
})

describe('seconds', () => {
  it('reads tenths below ten seconds, whole seconds below a minute, then minutes', () => {
    expect(seconds(0)).toBe('0.0 s')
    expect(seconds(-50)).toBe('0.0 s')
    expect(seconds(400)).toBe('0.4 s')
    expect(seconds(12_900)).toBe('12 s')
    expect(seconds(59_999)).toBe('59 s')
    expect(seconds(60_000)).toBe('1 min 0 s')
    expect(seconds(125_000)).toBe('2 min 5 s')
  })
})

import stringWidth from 'string-width'
import { describe, expect, it } from 'vitest'
import type { ChatItem } from '../state/chat-state.js'
import { itemText } from './item-text.js'

// Raw control and bidi characters (tab and newline aside): none may reach the terminal.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unprintable = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

const plain = { width: 80, color: false, expandable: false }

describe('itemText', () => {
  it('prints the person’s message after a blank line, one mark on its first line', () => {
    expect(itemText({ kind: 'user', id: 'i1', text: 'Hello\nthere' }, plain)).toBe('\n› Hello\n  there')
  })

  it('prints the assistant’s Markdown after a blank line', () => {
    const text = itemText({ kind: 'assistant', id: 'i1', agentId: 'main', text: 'Plain **bold** words.' }, plain)
    expect(text).toBe('\nPlain bold words.')
  })

  it('prints a call with its outcome, the time it ran and not the time now', () => {
    const item: ChatItem = {
      kind: 'tool',
      id: 't1',
      callId: 'c1',
      agentId: 'main',
      alias: 'dice_roll',
      toolId: 'builtin:dice.roll',
      title: 'Roll 1d6',
      rawArguments: '{}',
      startedAt: 1_000,
      endedAt: 1_400,
      result: { content: '4', isError: false, summary: 'rolled 4' },
    }
    expect(itemText(item, plain)).toBe('✓ Roll 1d6 · 0.4 s\n  ⎿ rolled 4\n    4')
    const { result: _, endedAt: __, ...running } = item
    expect(itemText(running, plain)).toBe('⠋ Roll 1d6 · 0.0 s')
  })

  it('prints notices by their tone', () => {
    const notice = (tone: 'info' | 'warning' | 'error') =>
      itemText({ kind: 'notice', id: 'i1', text: 'note', tone }, plain)
    expect(notice('info')).toBe('note')
    expect(notice('warning')).toBe('! note')
    expect(notice('error')).toBe('✗ note')
  })

  it('prints an expanded output in full under a title with its line count', () => {
    const item: ChatItem = { kind: 'expanded', id: 'i1', title: 'Roll', text: 'a\nb\nc\n\n' }
    expect(itemText(item, plain)).toBe('── Roll (3 lines) ──\na\nb\nc')
  })

  it('shows 2,000 lines of an expanded output and counts the rest', () => {
    const text = Array.from({ length: 2_500 }, (_, index) => `${index + 1}`).join('\n')
    const lines = itemText({ kind: 'expanded', id: 'i1', title: 'Out', text }, plain).split('\n')
    expect(lines[0]).toBe('── Out (2,500 lines) ──')
    expect(lines.at(-2)).toBe('2000')
    expect(lines.at(-1)).toBe('… 500 more lines not shown')
  })

  it('makes control and bidi characters from the model, tools and the person visible', () => {
    const evil = 'x\u001b[2J\u0007\u202ey'
    const shown = 'x<U+001B>[2J<U+0007><U+202E>y'
    const items: ChatItem[] = [
      { kind: 'user', id: 'i1', text: evil },
      { kind: 'assistant', id: 'i2', agentId: 'main', text: evil },
      { kind: 'notice', id: 'i3', text: evil, tone: 'error' },
      { kind: 'expanded', id: 'i4', title: evil, text: evil },
      {
        kind: 'tool',
        id: 't5',
        callId: 'c',
        agentId: 'main',
        alias: 'a',
        toolId: null,
        title: evil,
        rawArguments: '',
        startedAt: 0,
        endedAt: 0,
        result: { content: evil, isError: false, summary: evil },
      },
    ]
    for (const item of items) {
      const text = itemText(item, plain)
      expect(text).toContain(shown)
      expect(text).not.toMatch(unprintable)
    }
  })

  it('colours with SGR codes only when asked', () => {
    const colored = { ...plain, color: true }
    expect(itemText({ kind: 'user', id: 'i1', text: 'hi' }, colored)).toContain('\u001b[1m')
    expect(itemText({ kind: 'notice', id: 'i1', text: 'bad', tone: 'error' }, colored)).toContain('\u001b[31m')
    expect(itemText({ kind: 'assistant', id: 'i1', agentId: 'main', text: '**b**' }, colored)).toContain('\u001b[')
    expect(itemText({ kind: 'notice', id: 'i1', text: 'bad', tone: 'error' }, plain)).not.toContain('\u001b')
  })

  it('keeps the assistant’s Markdown and calls within the width', () => {
    const wide = '語'.repeat(60)
    const items: ChatItem[] = [
      {
        kind: 'assistant',
        id: 'i1',
        agentId: 'main',
        text: `# ${wide}\n\n${wide} ${wide}\n\n- ${wide}\n\n| a | b |\n|---|---|\n| ${wide} | ${wide} |`,
      },
      {
        kind: 'tool',
        id: 't2',
        callId: 'c',
        agentId: 'main',
        alias: wide,
        toolId: null,
        rawArguments: wide,
        startedAt: 0,
        endedAt: 0,
        result: { content: `${wide}\n${wide}`, isError: false, summary: wide },
      },
    ]
    for (const width of [40, 80])
      for (const color of [false, true])
        for (const item of items)
          for (const line of itemText(item, { width, color, expandable: true }).split('\n'))
            expect(stringWidth(line)).toBeLessThanOrEqual(width)
  })
})

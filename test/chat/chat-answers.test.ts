import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chatTerminal } from './chat-terminal.js'

const markdown = [
  '# Plan',
  '',
  'Some **bold** words and `inline code`.',
  '',
  '- first step',
  '- second step',
  '',
  '```ts',
  'const answer = 42',
  '```',
  '',
  '| name | value |',
  '| ---- | ----- |',
  '| a    | 1     |',
].join('\n')

// eslint-disable-next-line no-control-regex -- looking for escape sequences is the point
const sgr = /\u001b\[[0-9;]*m/

describe('toolhost chat in a terminal', () => {
  it('streams an answer as Markdown for the terminal, in colour, and goes on with the same run', async () => {
    const chat = await chatTerminal([{ text: markdown }, { text: 'Second answer.' }])
    const t = chat.terminal
    await t.waitFor(/ready · openai-chat:gpt-4o-scripted · default/)
    await t.type('make a plan')
    await t.press('Enter')
    const screen = await t.waitFor(/│ a +│ 1 +│/)
    expect(screen).toContain('› make a plan')
    expect(screen).toMatch(/^Plan$/m)
    expect(screen).not.toContain('# Plan')
    expect(screen).toContain('Some bold words and inline code.')
    expect(screen).toContain('• first step')
    expect(screen).toContain('const answer = 42')
    expect(screen).not.toContain('```')
    expect(await t.screenWithColours()).toMatch(sgr)
    await t.type('and then?')
    await t.press('Enter')
    await t.waitFor(/Second answer\./)
    expect(chat.server.requests).toHaveLength(2)
    // One run: the second request carries the first exchange.
    expect(JSON.stringify(chat.server.requests[1]?.body)).toContain('make a plan')
    await t.waitFor(/↑[\d,]+ ↓[\d,]+ · ctx \d+% · 2 turns/)
  })

  it('draws no colour with NO_COLOR, and keeps every line within 80 columns', async () => {
    const long = 'word '.repeat(60).trim()
    const chat = await chatTerminal(
      [
        { text: `${long}\n\n${markdown}` },
        { calls: [{ id: 'c1', name: 'dice_roll', args: JSON.stringify({ formula: `1d1 ${'+1'.repeat(80)}` }) }] },
        { text: 'Done.' },
      ],
      { env: { NO_COLOR: '1' }, columns: 80, args: ['--mode', 'bypass'] },
    )
    const t = chat.terminal
    await t.waitFor(/ready/)
    await t.type('go')
    await t.press('Enter')
    await t.waitFor(/│ a +│ 1 +│/)
    await t.type('roll')
    await t.press('Enter')
    const screen = await t.waitFor(/Done\./)
    expect(await t.screenWithColours()).not.toMatch(sgr)
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80)
    // A call line too long for the terminal is cut, not wrapped.
    expect(screen).toMatch(/✗ Roll 1d1 [+1]+…$/m)
  })

  it('takes several lines (Alt-Enter, or \\ at the end), walks the history across chats, and attaches @files', async () => {
    const chat = await chatTerminal([{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }], {
      setup: ({ projectDir }) => writeFileSync(join(projectDir, 'notes.md'), 'remember the milk\n'),
    })
    const t = chat.terminal
    await t.waitFor(/ready/)
    await t.type('first line')
    await t.press('M-Enter')
    await t.type('second line\\')
    await t.press('Enter')
    await t.type('third line')
    await t.waitFor(/> first line\n +second line\n +third line/)
    await t.press('Enter')
    await t.waitFor(/One\./)
    expect(JSON.stringify(chat.server.requests[0]?.body)).toContain('first line\\nsecond line\\nthird line')
    await t.type('what is in @notes.md')
    await t.press('Enter')
    await t.waitFor(/Two\./)
    const sent = JSON.stringify(chat.server.requests[1]?.body)
    expect(sent).toContain('remember the milk')
    expect(sent).toContain('notes.md')
    await t.press('C-d')
    await t.waitFor(/\[exited 0\]/)
    // A new chat finds the earlier messages with Up.
    const again = await chat.restart()
    await again.waitFor(/ready/)
    await again.press('Up')
    await again.waitFor(/> what is in @notes\.md/)
    await again.press('Enter')
    await again.waitFor(/Three\./)
  })

  it('takes a large paste whole, shows how many lines it holds, and sends it all', async () => {
    const chat = await chatTerminal([{ text: 'Got it all.' }])
    const t = chat.terminal
    await t.waitFor(/ready/)
    const lines = Array.from({ length: 5000 }, (_, index) => `pasted line ${index + 1}`)
    await t.paste(lines.join('\n'))
    const screen = await t.waitFor(/\(5000 lines\)/)
    expect(screen).toContain('pasted line 5000')
    await t.press('Enter')
    await t.waitFor(/Got it all\./)
    const sent = JSON.stringify(chat.server.requests[0]?.body)
    expect(sent).toContain('pasted line 1\\npasted line 2')
    expect(sent).toContain('pasted line 5000')
  })
})

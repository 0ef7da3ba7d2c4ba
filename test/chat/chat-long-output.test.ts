import { describe, expect, it } from 'vitest'
import { chatTerminal } from './chat-terminal.js'

describe('a long tool output in toolhost chat', () => {
  it('shows 10,000 lines of output cut to their first lines, stays responsive, and expands them on Ctrl-O', async () => {
    const chat = await chatTerminal(
      [
        { calls: [{ id: 'c1', name: 'workspace_shell', args: JSON.stringify({ command: 'seq 1 10000' }) }] },
        { text: 'Counted.' },
        { text: 'Still here.' },
      ],
      { args: ['--mode', 'bypass'] },
    )
    const t = chat.terminal
    await t.waitFor(/ready/)
    await t.type('count to ten thousand')
    await t.press('Enter')
    let screen = await t.waitFor(/Counted\./)
    expect(screen).toMatch(/✓ \$ seq 1 10000 · /)
    expect(screen).toMatch(/… [\d,]+ more lines \(Ctrl-O to expand\)/)
    expect(screen).not.toMatch(/^ *9999$/m)
    // The next message is taken and answered as before.
    await t.type('hello')
    await t.press('Enter')
    await t.waitFor(/Still here\./)
    await t.press('C-o')
    screen = await t.waitFor(/── \$ seq 1 10000 \([\d,]+ lines\) ──/, { scrollback: true })
    expect(screen).toMatch(/^1999$/m)
    expect(screen).toMatch(/more lines not shown/)
    await t.waitFor(/ready/)
  })
})

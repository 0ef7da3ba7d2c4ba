import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chatTerminal } from './chat-terminal.js'

const write = (id: string, path: string, content: string) => ({
  calls: [{ id, name: 'workspace_write_file', args: JSON.stringify({ file_path: path, content }) }],
})

describe('approvals in toolhost chat', () => {
  it('asks inline with the exact input and the diff, and takes once, always, a denial with a message, and Esc', async () => {
    const chat = await chatTerminal(
      [
        // A model reads a file before it may replace it.
        { calls: [{ id: 'c0', name: 'workspace_read_file', args: JSON.stringify({ file_path: 'notes.txt' }) }] },
        write('c1', 'notes.txt', 'new text\n'),
        { text: 'Notes written.' },
        write('c2', 'b.txt', 'one\n'),
        write('c3', 'b.txt', 'two\n'),
        { text: 'B written twice.' },
        write('c4', 'c.txt', 'evil \u202e txt \u001b[31m red\n'),
        { text: 'Understood.' },
        write('c5', 'e.txt', 'e\n'),
        { text: 'Fine.' },
      ],
      { setup: ({ projectDir }) => writeFileSync(join(projectDir, 'notes.txt'), 'old text\n') },
    )
    const t = chat.terminal
    await t.waitFor(/ready/)

    await t.type('edit the notes')
    await t.press('Enter')
    let screen = await t.waitFor(/\[y\] allow once/)
    expect(screen).toContain('Allow workspace_write_file?')
    expect(screen).toMatch(/"file_path": "notes\.txt"/)
    expect(screen).toMatch(/^ +-old text$/m)
    expect(screen).toMatch(/^ +\+new text$/m)
    expect(screen).toMatch(/1 to approve/)
    await t.type('y')
    await t.waitFor(/Notes written\./)
    expect(readFileSync(join(chat.projectDir, 'notes.txt'), 'utf8')).toBe('new text\n')

    await t.type('write b twice')
    await t.press('Enter')
    await t.waitFor(/\[a\] allow always/)
    await t.type('a')
    // The second write of b.txt is covered by the rule just added: no question.
    await t.waitFor(/B written twice\./)
    expect(readFileSync(join(chat.projectDir, 'b.txt'), 'utf8')).toBe('two\n')

    await t.type('write c')
    await t.press('Enter')
    screen = await t.waitFor(/Allow workspace_write_file\?/)
    // Control and bidi characters in the input are shown, never obeyed.
    expect(screen).toContain('U+202E')
    expect(screen).toContain('U+001B')
    expect(await t.screenWithColours()).not.toContain('\u202e')
    await t.type('n')
    await t.waitFor(/why not\?/)
    await t.type('write it to d.txt instead')
    await t.press('Enter')
    screen = await t.waitFor(/Understood\./)
    expect(screen).toMatch(/✗ .*c\.txt/)
    expect(existsSync(join(chat.projectDir, 'c.txt'))).toBe(false)
    expect(JSON.stringify(chat.server.requests.at(-1)?.body)).toContain('write it to d.txt instead')

    await t.type('write e')
    await t.press('Enter')
    await t.waitFor(/\[Esc\] deny/)
    await t.press('Escape')
    await t.waitFor(/Fine\./)
    expect(existsSync(join(chat.projectDir, 'e.txt'))).toBe(false)
  })
})

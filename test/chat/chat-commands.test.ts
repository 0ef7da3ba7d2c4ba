import { describe, expect, it } from 'vitest'
import type { TmuxTerminal } from '../terminal/tmux-terminal.js'
import { chatTerminal } from './chat-terminal.js'

/** Types a command and waits for what it prints. */
async function command(t: TmuxTerminal, line: string, expected: RegExp): Promise<string> {
  await t.type(line)
  await t.press('Enter')
  return t.waitFor(expected)
}

describe('slash commands in toolhost chat', () => {
  it('answers each kind: help, tools, mode, model, permissions, approvals, cost, audit, compact, clear, resume', async () => {
    const chat = await chatTerminal(
      [
        { calls: [{ id: 'c1', name: 'dice_roll', args: '{"formula":"2d6"}' }] },
        { text: 'Rolled.' },
        { text: 'SUMMARY: a roll.' },
        { text: 'A new chat.' },
        { text: 'Back in the first chat.' },
      ],
      { rows: 50 },
    )
    const t = chat.terminal
    await t.waitFor(/ready/)
    await t.type('roll')
    await t.press('Enter')
    await t.waitFor(/Rolled\./)

    await command(t, '/help', /\/permissions explain <alias> <json> +which rule decides a call/)
    let screen = await command(t, '/tools', /dice_roll +builtin:dice\.roll +allow/)
    expect(screen).toMatch(/workspace_write_file +builtin:workspace\.write_file +ask/)
    await command(t, '/mode plan', /ready · openai-chat:gpt-4o-scripted · plan/)
    await command(t, '/mode yolo', /! .*default, acceptEdits, plan, dontAsk, bypass/)
    await command(t, '/model openai-chat:gpt-4o-other', /ready · openai-chat:gpt-4o-other · plan/)
    await command(t, '/model nope', /✗ \/model: model "nope" names no provider/)
    screen = await command(t, '/permissions explain workspace_write_file {"file_path":"a.txt","content":"x"}', /DENY: /)
    expect(screen).toMatch(/plan mode/)
    await command(t, '/permissions explain workspace_write_file {oops', /! .*JSON/)
    await command(t, '/approvals', /No question waits in this chat\./)
    await command(t, '/cost', /total +2 +[\d,]+ +[\d,]+/)
    screen = await command(t, '/audit', /1 call: 1 succeeded/)
    expect(screen).toMatch(/dice_roll → builtin:dice\.roll/)
    await command(t, '/compact', /history compacted: ~\d+ → ~\d+ tokens/)
    expect(JSON.stringify(chat.server.requests.at(-1)?.body)).toContain('roll')

    screen = await command(t, '/clear', /The next message starts a new chat\./)
    expect(screen).not.toContain('Rolled.')
    const first = /resumable: \/resume (run_\w+)/.exec(screen)?.[1]
    expect(first).toBeDefined()
    await t.type('hello again')
    await t.press('Enter')
    await t.waitFor(/A new chat\./)
    // The new chat does not carry the first one.
    expect(JSON.stringify(chat.server.requests.at(-1)?.body)).not.toContain('Rolled.')

    screen = await command(t, '/resume', /Go on with one: \/resume <runId>/)
    expect(screen).toContain(first)
    screen = await command(t, `/resume ${first}`, /next message goes on/i)
    expect(screen).toContain('› roll')
    await t.type('and now?')
    await t.press('Enter')
    await t.waitFor(/Back in the first chat\./)
    expect(JSON.stringify(chat.server.requests.at(-1)?.body)).toContain('SUMMARY: a roll.')

    await command(t, '/bogus', /No command \/bogus\./)
    await t.type('/exit')
    await t.press('Enter')
    await t.waitFor(/\[exited 0\]/)
  })
})

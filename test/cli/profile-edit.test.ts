import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { TmuxTerminal } from '../terminal/tmux-terminal.js'

const bin = join(import.meta.dirname, '..', '..', 'bin', 'toolhost.js')
const terminals: TmuxTerminal[] = []
afterEach(async () => {
  for (const terminal of terminals.splice(0)) await terminal.close()
})

const original = '# Reviewer: reads and comments\nschemaVersion: 2\nid: reviewer # keep\n'

/**
 * A data directory with the reviewer profile, and an editor script that, on its Nth run, replaces
 * the file it is given with `versions[N]` (the last one from then on).
 */
function setup(versions: readonly string[]): { dir: string; profiles: string; editor: string } {
  const dir = tempDir('toolhost-profile-edit-')
  const profiles = join(dir, 'data', 'profiles')
  mkdirSync(profiles, { recursive: true })
  writeFileSync(join(profiles, 'reviewer.yaml'), original)
  versions.forEach((text, index) => writeFileSync(join(dir, `version-${index}.yaml`), text))
  const editor = join(dir, 'editor.sh')
  writeFileSync(
    editor,
    [
      '#!/bin/sh',
      `count=$(cat "${dir}/runs" 2>/dev/null || echo 0)`,
      `echo $((count + 1)) > "${dir}/runs"`,
      `if [ -f "${dir}/version-$count.yaml" ]; then cp "${dir}/version-$count.yaml" "$1"; else cp "${dir}/version-${versions.length - 1}.yaml" "$1"; fi`,
      '',
    ].join('\n'),
  )
  chmodSync(editor, 0o755)
  return { dir, profiles, editor }
}

async function edit(dir: string, editor: string, id: string): Promise<TmuxTerminal> {
  const terminal = await TmuxTerminal.start(
    [process.execPath, bin, 'profile', 'edit', id, '--data-dir', join(dir, 'data')],
    {
      cwd: dir,
      // Wide enough that a problem's line, with its temporary path, is not wrapped.
      columns: 300,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TERM: 'xterm-256color', EDITOR: editor },
    },
  )
  terminals.push(terminal)
  return terminal
}

describe('toolhost profile edit', () => {
  it('saves what the editor wrote when it is valid, keeping its comments', async () => {
    const edited = `${original}description: Reviews changes # added\n`
    const { dir, profiles, editor } = setup([edited])
    const terminal = await edit(dir, editor, 'reviewer')
    const screen = await terminal.waitFor(/\[exited \d+\]/)
    expect(screen).toContain(`saved ${join(profiles, 'reviewer.yaml')} (profile reviewer)`)
    expect(screen).toContain('[exited 0]')
    expect(readFileSync(join(profiles, 'reviewer.yaml'), 'utf8')).toBe(edited)
  })

  it('shows the problems of an invalid edit and keeps the file as it was when the person stops', async () => {
    const { dir, profiles, editor } = setup([`${original}tools:\n  allow: [nope]\n`])
    const terminal = await edit(dir, editor, 'reviewer')
    const screen = await terminal.waitFor(/Edit again\? \[Y\/n\]/)
    expect(screen).toContain(`reviewer.yaml:5:11: tools.allow[0]: "nope" has no ":"`)
    await terminal.type('n')
    await terminal.press('Enter')
    const end = await terminal.waitFor(/\[exited \d+\]/)
    expect(end).toContain(`${join(profiles, 'reviewer.yaml')} is unchanged`)
    expect(end).toContain('[exited 1]')
    expect(readFileSync(join(profiles, 'reviewer.yaml'), 'utf8')).toBe(original)
  })

  it('opens the editor again on the invalid copy, and saves once it is valid', async () => {
    const fixed = `${original}tools:\n  allow: ['builtin:dice.*']\n`
    const { dir, profiles, editor } = setup([`${original}id: twice\n`, fixed])
    const terminal = await edit(dir, editor, 'reviewer')
    await terminal.waitFor(/Edit again\? \[Y\/n\]/)
    await terminal.press('Enter')
    const screen = await terminal.waitFor(/\[exited \d+\]/)
    expect(screen).toContain('[exited 0]')
    expect(readFileSync(join(dir, 'runs'), 'utf8').trim()).toBe('2')
    expect(readFileSync(join(profiles, 'reviewer.yaml'), 'utf8')).toBe(fixed)
  })

  it('creates a new profile from the smallest valid one', async () => {
    const { dir, profiles } = setup(['unused'])
    const terminal = await edit(dir, 'true', 'fresh')
    const screen = await terminal.waitFor(/\[exited \d+\]/)
    expect(screen).toContain(`created ${join(profiles, 'fresh.yaml')} (profile fresh)`)
    expect(readFileSync(join(profiles, 'fresh.yaml'), 'utf8')).toMatch(/\nschemaVersion: 2\nid: fresh\n$/)
    expect(existsSync(join(profiles, 'reviewer.yaml'))).toBe(true)
  })
})

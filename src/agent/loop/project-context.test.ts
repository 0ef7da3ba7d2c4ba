import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { createWorkspace } from '../../workspace/create-workspace.js'
import { projectContextSections, readProjectContext } from './project-context.js'

const now = new Date(2026, 2, 7, 23, 30)

/** A workspace over a fresh directory holding `files`. */
function workspaceWith(files: Record<string, string>) {
  const dir = tempDir('toolhost-project-')
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return { dir, workspace: createWorkspace([{ at: '', hostDir: dir, access: 'read-write' }]) }
}

describe('readProjectContext', () => {
  it('reads AGENTS.md and CLAUDE.md from the workspace root, with the local date and the platform', async () => {
    const { workspace } = workspaceWith({ 'AGENTS.md': 'Run npm test.\n', 'CLAUDE.md': 'Use tabs.' })
    const context = await readProjectContext(workspace, { instructions: true, now })
    expect(context).toEqual({
      date: '2026-03-07',
      platform: `${process.platform} ${process.arch}`,
      files: [
        { name: 'AGENTS.md', text: 'Run npm test.' },
        { name: 'CLAUDE.md', text: 'Use tabs.' },
      ],
    })
    const [environment, agents, claude] = projectContextSections(context, 'read_it')
    expect(environment).toContain('2026-03-07')
    expect(environment).not.toContain('host')
    expect(agents).toContain('`AGENTS.md`')
    expect(agents?.endsWith('Run npm test.')).toBe(true)
    expect(claude?.endsWith('Use tabs.')).toBe(true)
  })

  it('has no instruction sections when the files are absent, empty or not files', async () => {
    const { dir, workspace } = workspaceWith({ 'CLAUDE.md': '  \n' })
    mkdirSync(join(dir, 'AGENTS.md'))
    const context = await readProjectContext(workspace, { instructions: true, now })
    expect(context.files).toEqual([])
    expect(projectContextSections(context, 'read_it')).toHaveLength(1)
  })

  it('reads nothing when instructions are off', async () => {
    const { workspace } = workspaceWith({ 'AGENTS.md': 'Run npm test.' })
    expect((await readProjectContext(workspace, { instructions: false, now })).files).toEqual([])
  })

  it('cuts the files together to the bound, saying so and where to read the rest', async () => {
    const { workspace } = workspaceWith({ 'AGENTS.md': 'a'.repeat(30), 'CLAUDE.md': 'b'.repeat(30) })
    const context = await readProjectContext(workspace, { instructions: true, now, maxChars: 40 })
    expect(context.files).toEqual([
      { name: 'AGENTS.md', text: 'a'.repeat(30) },
      { name: 'CLAUDE.md', text: 'b'.repeat(10), cutFrom: 30 },
    ])
    const claude = projectContextSections(context, 'read_it')[2] ?? ''
    expect(claude).toContain(
      `${'b'.repeat(10)}\n\n[CLAUDE.md is cut here: it has 30 characters. Read the rest with read_it`,
    )
    expect(claude).not.toContain('b'.repeat(11))
  })

  it('never fills a file as a template, and names the host directory when programs run there', async () => {
    const { dir, workspace } = workspaceWith({ 'AGENTS.md': 'Keep {date} and {name} as they are.' })
    const context = await readProjectContext(workspace, {
      instructions: true,
      now,
      host: { dir, tools: ['system_shell'] },
    })
    const [environment, agents] = projectContextSections(context, 'read_it')
    expect(environment).toContain(`\`${dir}\``)
    expect(environment).toContain('system_shell')
    expect(agents).toContain('Keep {date} and {name} as they are.')
  })
})

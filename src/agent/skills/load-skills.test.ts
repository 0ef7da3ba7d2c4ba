import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { parseProfile } from '../../profile/load-profile.js'
import { formatSkillDiagnostic, loadSkills, type Skill } from './load-skills.js'
import { skillPath, skillsPromptSection, visibleSkills } from './skills-prompt.js'

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}

const skillMd = (front: string, body = '# Body\n') => `---\n${front}\n---\n${body}`

describe('loadSkills', () => {
  it('loads skills with their names, descriptions and files', async () => {
    const root = tempDir()
    write(root, 'pdf/SKILL.md', skillMd('name: pdf\ndescription: Fill PDF forms.'))
    write(root, 'pdf/forms.md', 'x')
    write(root, 'pdf/scripts/fill.py', 'x')
    write(root, 'pdf/.hidden', 'x')
    write(root, 'notes/SKILL.md', skillMd('description: >\n  Take notes\n  in markdown.\nlicense: MIT'))
    write(root, 'README.md', 'not a skill')
    const { skills, diagnostics } = await loadSkills(root)
    expect(diagnostics).toEqual([])
    expect(skills).toEqual([
      {
        name: 'notes',
        description: 'Take notes in markdown.',
        dir: join(root, 'notes'),
        folder: 'notes',
        files: ['SKILL.md'],
      },
      {
        name: 'pdf',
        description: 'Fill PDF forms.',
        dir: join(root, 'pdf'),
        folder: 'pdf',
        files: ['SKILL.md', 'forms.md', 'scripts/fill.py'],
      },
    ])
  })

  it('reports bad skills with file and line, keeping the valid ones', async () => {
    const root = tempDir()
    write(root, 'good/SKILL.md', skillMd('description: Works.'))
    write(root, 'empty/readme.md', 'no skill file')
    write(root, 'lower/skill.md', skillMd('description: Wrong case.'))
    write(root, 'plain/SKILL.md', '# No front matter\n')
    write(root, 'open/SKILL.md', '---\ndescription: never closed\n')
    write(root, 'yaml/SKILL.md', '---\nname: yaml\ndescription: [unclosed\n---\n')
    write(root, 'badname/SKILL.md', skillMd('name: Bad Name!\ndescription: x'))
    write(root, 'Upper_Case/SKILL.md', skillMd('description: folder is not a slug'))
    write(root, 'nodesc/SKILL.md', skillMd('name: nodesc'))
    write(root, 'long/SKILL.md', skillMd(`name: long\ndescription: ${'a'.repeat(1025)}`))
    const { skills, diagnostics } = await loadSkills(root)
    expect(skills.map((skill) => skill.name)).toEqual(['good'])
    const byPath = Object.fromEntries(diagnostics.map((d) => [d.path.slice(root.length + 1), d]))
    expect(byPath['empty']).toMatchObject({ code: 'skills.missing_skill_md', severity: 'error' })
    expect(byPath['lower']).toMatchObject({
      code: 'skills.missing_skill_md',
      message: expect.stringContaining('rename it to SKILL.md'),
    })
    expect(byPath['plain/SKILL.md']).toMatchObject({ code: 'skills.no_front_matter', line: 1 })
    expect(byPath['open/SKILL.md']).toMatchObject({ code: 'skills.bad_front_matter', line: 1 })
    expect(byPath['yaml/SKILL.md']).toMatchObject({ code: 'skills.bad_front_matter' })
    expect(byPath['yaml/SKILL.md']?.line).toBeGreaterThanOrEqual(3)
    expect(byPath['badname/SKILL.md']).toMatchObject({ code: 'skills.bad_name', line: 2 })
    expect(byPath['Upper_Case/SKILL.md']).toMatchObject({ code: 'skills.bad_name' })
    expect(byPath['nodesc/SKILL.md']).toMatchObject({ code: 'skills.missing_description' })
    expect(byPath['long/SKILL.md']).toMatchObject({ code: 'skills.description_too_long', line: 3 })
    expect(diagnostics).toHaveLength(9)
    expect(formatSkillDiagnostic(byPath['badname/SKILL.md']!)).toBe(
      `${join(root, 'badname/SKILL.md')}:2: error skills.bad_name: ${byPath['badname/SKILL.md']?.message}`,
    )
  })

  it('keeps the first of two skills with one name and warns when the name differs from the folder', async () => {
    const root = tempDir()
    write(root, 'a-notes/SKILL.md', skillMd('name: notes\ndescription: First.'))
    write(root, 'notes/SKILL.md', skillMd('description: Second.\nname: notes'))
    const { skills, diagnostics } = await loadSkills(root)
    expect(skills.map((skill) => [skill.name, skill.description])).toEqual([['notes', 'First.']])
    expect(diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([
      ['warning', 'skills.name_mismatch', 2],
      ['error', 'skills.duplicate_name', 3],
    ])
    expect(diagnostics[1]?.message).toContain(join(root, 'a-notes', 'SKILL.md'))
  })

  it('lists at most 100 files, skipping symlinks, and handles CRLF and a BOM', async () => {
    const root = tempDir()
    write(root, 'big/SKILL.md', '\uFEFF---\r\ndescription: Many files.\r\n---\r\nBody\r\n')
    for (let i = 0; i < 120; i++) write(root, `big/data/f${String(i).padStart(3, '0')}.txt`, 'x')
    symlinkSync('/etc/passwd', join(root, 'big', 'link'))
    const { skills, diagnostics } = await loadSkills(root)
    expect(skills[0]?.files).toHaveLength(100)
    expect(skills[0]?.files[0]).toBe('SKILL.md')
    expect(skills[0]?.files).not.toContain('link')
    expect(diagnostics.map((d) => d.code)).toEqual(['skills.too_many_files'])
  })

  it('reports a missing skills directory', async () => {
    const { skills, diagnostics } = await loadSkills(join(tempDir(), 'nope'))
    expect(skills).toEqual([])
    expect(diagnostics).toMatchObject([
      { code: 'skills.dir_unreadable', message: expect.stringContaining('does not exist') },
    ])
  })

  it('loads the example skill without diagnostics', async () => {
    const examples = fileURLToPath(new URL('../../../examples/skills', import.meta.url))
    const { skills, diagnostics } = await loadSkills(examples)
    expect(diagnostics).toEqual([])
    expect(skills.find((skill) => skill.name === 'release-notes')?.files).toEqual(['SKILL.md', 'template.md'])
  })
})

describe('visibleSkills and skillsPromptSection', () => {
  const skill = (name: string, folder = name): Skill => ({
    name,
    description: `Does ${name}.\nReally.`,
    dir: `/host/skills/${folder}`,
    folder,
    files: ['SKILL.md'],
  })
  const skills = [skill('pdf'), skill('pdf-forms'), skill('notes', 'my-notes')]

  it('filters by the profile visible and deny globs', () => {
    const profile = parseProfile(
      { schemaVersion: 1, id: 'p', skills: { visible: ['pdf*', 'notes'], deny: ['pdf-forms'] } },
      'p',
    )
    expect(visibleSkills(skills, profile).map((s) => s.name)).toEqual(['pdf', 'notes'])
    expect(visibleSkills(skills, parseProfile({ schemaVersion: 1, id: 'p' }, 'p'))).toHaveLength(3)
  })

  it('lists each skill with its description and the SKILL.md path of its folder', () => {
    const text = skillsPromptSection(skills, 'workspace_read_file')
    expect(text).toContain('workspace_read_file')
    expect(text).toContain('- pdf: Does pdf. Really. (read `skills/pdf/SKILL.md`)')
    expect(text).toContain('- notes: Does notes. Really. (read `skills/my-notes/SKILL.md`)')
    expect(text).not.toMatch(/\{\w+\}/)
    expect(skillPath(skills[2]!)).toBe('skills/my-notes/SKILL.md')
    expect(skillsPromptSection([], 'x')).toBe('')
  })
})

import picomatch from 'picomatch'
import type { Profile } from '../../profile/profile-schema.js'
import { fillText, loadText } from '../../text/model-text.js'
import { skillFileName, type Skill } from './load-skills.js'

const sectionText = loadText(import.meta.url, 'texts/skills-section.md')
const entryText = loadText(import.meta.url, 'texts/skill-entry.txt')

/** Where skills are mounted in the workspace (read-only). */
export const skillsMountPath = 'skills'

/** The workspace path of a skill's `SKILL.md`: `skills/<folder>/SKILL.md` (the mounted folder name). */
export function skillPath(skill: Pick<Skill, 'folder'>): string {
  return `${skillsMountPath}/${skill.folder}/${skillFileName}`
}

/**
 * The skills a profile shows: names matching `skills.visible` and no `skills.deny` (ids or picomatch globs).
 * @example visibleSkills(skills, mergeProfile(defaultProfile, { skills: { deny: ['draft-*'] } }))
 */
export function visibleSkills(skills: readonly Skill[], profile: Pick<Profile, 'skills'>): Skill[] {
  const visible = picomatch([...profile.skills.visible])
  const denied = picomatch([...profile.skills.deny])
  return skills.filter((skill) => visible(skill.name) && !denied(skill.name))
}

/**
 * The skills listing placed once in the system prompt (template `texts/skills-section.md`): each
 * skill's name, description and the path of its `SKILL.md`, to be read with the read-file tool
 * (`readFileAlias`, its alias in the snapshot). `''` without skills.
 * @example skillsPromptSection(visibleSkills(skills, profile), aliasIn(snapshot, 'builtin:workspace.read_file'))
 */
export function skillsPromptSection(skills: readonly Skill[], readFileAlias: string): string {
  if (skills.length === 0) return ''
  const entries = skills.map((skill) =>
    fillText(entryText, {
      name: skill.name,
      description: skill.description.replace(/\s+/g, ' ').trim(),
      path: skillPath(skill),
    }),
  )
  return fillText(sectionText, { readFile: readFileAlias, skills: entries.join('\n') })
}

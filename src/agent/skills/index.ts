export {
  formatSkillDiagnostic,
  loadSkills,
  maxSkillDescription,
  maxSkillFiles,
  skillFileName,
  skillNamePattern,
  type Skill,
  type SkillDiagnostic,
} from './load-skills.js'
export { skillPath, skillsMountPath, skillsPromptSection, visibleSkills } from './skills-prompt.js'

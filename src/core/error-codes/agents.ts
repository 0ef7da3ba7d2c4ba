import type { ErrorCodeTable } from './error-code-info.js'

/** Codes of sub-agents (delegation, hand-off, task return) and of skills. */
export const agentErrorCodes = {
  'agent.not_available': {
    kind: 'recoverable',
    meaning:
      'A sub-agent tool was called where it has no service: no sub-agents, a run that was not delegated, or delegation has ended.',
    texts: [
      'tools/agent/texts/not-available.txt',
      'tools/agent/texts/not-delegated.txt',
      'agent/sub-agents/texts/delegation-ended.txt',
    ],
  },
  'agent.limit_reached': {
    kind: 'recoverable',
    meaning: 'The run has started as many children as it may, in all or at once.',
    texts: ['agent/sub-agents/texts/limit-per-run.txt', 'agent/sub-agents/texts/limit-concurrent.txt'],
  },
  'agent.unknown_agent': {
    kind: 'recoverable',
    meaning: 'A delegation or hand-off names an agent that is not callable from here.',
    texts: ['agent/sub-agents/texts/unknown-agent.txt', 'agent/sub-agents/texts/no-agents.txt'],
  },
  'agent.unknown_child': {
    kind: 'recoverable',
    meaning: 'An await names a child this run did not start, or no child was started.',
    texts: ['agent/sub-agents/texts/unknown-child.txt', 'agent/sub-agents/texts/no-children.txt'],
  },
  'agent.handoff_depth': {
    kind: 'recoverable',
    meaning: 'The conversation has been handed off as many times as it may.',
    texts: ['agent/sub-agents/texts/handoff-depth.txt'],
  },
  'agent.handoff_pending': {
    kind: 'recoverable',
    meaning: 'The turn already hands off to an agent.',
    texts: ['agent/sub-agents/texts/handoff-pending.txt'],
  },
  'task.artifact_missing': {
    kind: 'recoverable',
    meaning: 'A task return names artifacts that are not in the workspace.',
    texts: ['tools/agent/texts/artifact-missing.txt'],
  },
  'skills.dir_unreadable': {
    kind: 'diagnostic',
    meaning: 'The skills directory cannot be read.',
  },
  'skills.duplicate_name': {
    kind: 'diagnostic',
    meaning: 'Two skills have the same name; the later one is left out.',
  },
  'skills.unreadable': {
    kind: 'diagnostic',
    meaning: "A skill's SKILL.md cannot be read.",
  },
  'skills.missing_skill_md': {
    kind: 'diagnostic',
    meaning: 'A folder in the skills directory has no SKILL.md.',
  },
  'skills.no_front_matter': {
    kind: 'diagnostic',
    meaning: 'A SKILL.md does not start with YAML front matter.',
  },
  'skills.bad_front_matter': {
    kind: 'diagnostic',
    meaning: 'The front matter of a SKILL.md is not closed, not valid YAML, or not a mapping.',
  },
  'skills.bad_name': {
    kind: 'diagnostic',
    meaning: 'A skill has no name, or one that does not fit the allowed pattern.',
  },
  'skills.missing_description': {
    kind: 'diagnostic',
    meaning: 'A skill has no description.',
  },
  'skills.description_too_long': {
    kind: 'diagnostic',
    meaning: "A skill's description is longer than the limit.",
  },
  'skills.name_mismatch': {
    kind: 'diagnostic',
    meaning: "A skill's name differs from its folder's name (a warning; the skill is kept).",
  },
  'skills.too_many_files': {
    kind: 'diagnostic',
    meaning: 'A skill folder has more files than are listed (a warning; the list is cut).',
  },
} as const satisfies ErrorCodeTable

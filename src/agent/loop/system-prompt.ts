import { snapshotIndex } from '../../snapshot/snapshot-index.js'
import type { Profile } from '../../profile/profile-schema.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { ToolId } from '../../core/tool-id.js'
import { projectContextSections, type ProjectContext } from './project-context.js'

const defaultInstructions = loadText(import.meta.url, 'texts/system-default.md')
const sessionText = loadText(import.meta.url, 'texts/scope-session.md')
const chatText = loadText(import.meta.url, 'texts/scope-chat.md')
const returnText = loadText(import.meta.url, 'texts/return-mode.md')

/** The alias of a tool in a snapshot, or its id when the snapshot lacks it. */
export function aliasIn(snapshot: Snapshot, toolId: ToolId): string {
  return snapshotIndex(snapshot).aliasOf(toolId) ?? toolId
}

/** What goes into an agent's system prompt besides its profile. */
export interface SystemPromptParts {
  readonly profile: Profile
  readonly snapshot: Snapshot
  /** True for a delegated child that ends with `task.return`. */
  readonly returnMode: boolean
  /** The skills listing, when the agent has skills. */
  readonly skills?: string
  /** The callable agents listing, when the agent may delegate. */
  readonly agents?: string
  /** Where and when the agent works, and the project's instruction files. */
  readonly project?: ProjectContext
}

/**
 * Builds the system prompt: the profile's instructions (or a short default), how the scope ends a
 * run, return mode, then the skills and agents listings, each once, then the environment and the
 * project's instruction files.
 */
export function buildSystemPrompt(parts: SystemPromptParts): string {
  const { profile, snapshot } = parts
  const alias = (id: ToolId) => aliasIn(snapshot, id)
  const sections = [profile.agent.systemPrompt ?? defaultInstructions]
  if (parts.returnMode) sections.push(fillText(returnText, { task_return: alias('builtin:task.return') }))
  else if (snapshot.scope === 'chat')
    sections.push(
      fillText(chatText, {
        write_file: alias('builtin:workspace.write_file'),
        commit: alias('builtin:workspace.commit'),
      }),
    )
  else sections.push(sessionText)
  if (parts.skills !== undefined && parts.skills !== '') sections.push(parts.skills)
  if (parts.agents !== undefined && parts.agents !== '') sections.push(parts.agents)
  if (parts.project !== undefined)
    sections.push(...projectContextSections(parts.project, alias('builtin:workspace.read_file')))
  return sections.map((section) => section.trim()).join('\n\n')
}

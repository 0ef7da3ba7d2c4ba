import picomatch from 'picomatch'
import type { Profile } from '../../profile/profile-schema.js'
import { builtinAlias } from '../../snapshot/tool-alias.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { AgentCard } from '../../tool/run-services.js'
import type { ToolId } from '../../core/tool-id.js'
import { agentToolIds } from '../../tools/agent/agent-tool-ids.js'
import { defaultSubAgentLimits, type SubAgentLimits } from './sub-agent-manager.js'

const sectionText = loadText(import.meta.url, 'texts/agents-section.md')
const entryText = loadText(import.meta.url, 'texts/agent-entry.txt')

/**
 * The agents `self` may delegate or hand off to: profiles with `agent.callable` whose id matches one
 * of `self.agent.delegates` (ids or picomatch globs), without `self`, in profile order, each id once.
 * The card's description is the profile's `agent.description`, else its `description`, else its name.
 *
 * @example
 * const cards = agentCatalog(profilesInDataDir, currentProfile) // callable profiles it may delegate to
 */
export function agentCatalog(profiles: readonly Profile[], self: Profile): AgentCard[] {
  const allowed = picomatch([...self.agent.delegates])
  const seen = new Set<string>([self.id])
  const cards: AgentCard[] = []
  for (const profile of profiles) {
    if (!profile.agent.callable || seen.has(profile.id) || !allowed(profile.id)) continue
    seen.add(profile.id)
    const description = profile.agent.description ?? profile.description ?? profile.name ?? ''
    cards.push({
      id: profile.id,
      ...(profile.name !== undefined && { name: profile.name }),
      description: description.trim(),
    })
  }
  return cards
}

/** The builtin alias of a ToolId (builtin aliases are fixed), for callers without a snapshot. */
function fixedAlias(toolId: ToolId): string {
  return builtinAlias(toolId.replace(/^builtin:/, ''))
}

/**
 * The system prompt's listing of the callable agents (template `texts/agents-section.md`), or `''`
 * when there are none. `alias` names the sub-agent tools as the snapshot offers them (default their
 * fixed builtin aliases).
 * @example agentsPromptSection(agentCatalog(profiles, self), (id) => aliasIn(snapshot, id))
 */
export function agentsPromptSection(
  cards: readonly AgentCard[],
  alias: (toolId: ToolId) => string = fixedAlias,
  limits: SubAgentLimits = defaultSubAgentLimits,
): string {
  if (cards.length === 0) return ''
  const agents = cards
    .map((card) =>
      fillText(entryText, {
        id: card.id,
        name: card.name !== undefined && card.name !== card.id ? ` (${oneLine(card.name)})` : '',
        description: card.description === '' ? '(no description)' : oneLine(card.description),
      }),
    )
    .join('\n')
  return fillText(sectionText, {
    delegate: alias(agentToolIds.delegate),
    await: alias(agentToolIds.await),
    handoff: alias(agentToolIds.handoff),
    concurrent: limits.concurrent,
    perRun: limits.perRun,
    agents,
  })
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

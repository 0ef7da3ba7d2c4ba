import { describe, expect, it } from 'vitest'
import { parseProfile } from '../../profile/load-profile.js'
import type { Profile, ProfileInput } from '../../profile/profile-schema.js'
import { agentCatalog, agentsPromptSection } from './agent-catalog.js'

const profile = (
  id: string,
  agent: NonNullable<ProfileInput['agent']> = {},
  extra: Partial<ProfileInput> = {},
): Profile => parseProfile({ schemaVersion: 1, id, agent, ...extra }, id)

describe('agentCatalog', () => {
  const self = profile('lead', { callable: true, delegates: ['research-*', 'writer'] })
  const profiles = [
    self,
    profile('research-web', { callable: true, description: 'Searches the web.' }, { name: 'Web researcher' }),
    profile('research-db', { callable: false, description: 'Not callable.' }),
    profile('writer', { callable: true }, { description: 'Writes drafts.' }),
    profile('editor', { callable: true, description: 'Not delegated to by lead.' }),
  ]

  it('lists callable profiles matching the delegates globs, without self', () => {
    expect(agentCatalog(profiles, self)).toEqual([
      { id: 'research-web', name: 'Web researcher', description: 'Searches the web.' },
      { id: 'writer', description: 'Writes drafts.' },
    ])
  })

  it('allows every callable profile by default, but never self', () => {
    const open = profile('lead', { callable: true })
    expect(agentCatalog([open, ...profiles], open).map((card) => card.id)).toEqual(['research-web', 'writer', 'editor'])
  })
})

describe('agentsPromptSection', () => {
  it('lists the agents with their ids and names the tools by alias', () => {
    const text = agentsPromptSection([
      { id: 'research-web', name: 'Web researcher', description: 'Searches\n  the web.' },
      { id: 'writer', description: '' },
    ])
    expect(text).toContain('- `research-web` (Web researcher): Searches the web.')
    expect(text).toContain('- `writer`: (no description)')
    expect(text).toContain('agent_delegate')
    expect(text).toContain('agent_await')
    expect(text).toContain('agent_handoff')
    expect(text).toContain('at most 3 at once and 8 per run')
    expect(text).not.toMatch(/\{\w+\}/)
  })

  it('uses the given aliases and is empty without agents', () => {
    const text = agentsPromptSection(
      [{ id: 'writer', description: 'Writes.' }],
      (id) => `X_${id.replace('builtin:', '')}`,
    )
    expect(text).toContain('X_agent.delegate')
    expect(agentsPromptSection([])).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import { mergeProfile } from '../../profile/load-profile.js'
import { defaultProfile } from '../../profile/default-profile.js'
import type { Snapshot } from '../../snapshot/snapshot.js'
import { testBinding } from '../../snapshot/__fixtures__/test-binding.js'
import { buildSystemPrompt } from './system-prompt.js'

const binding = (toolId: string, alias: string) => testBinding(toolId, alias)
const snapshot = (scope: Snapshot['scope']): Snapshot => ({
  id: 'snap',
  protocol: 'anthropic',
  scope,
  profileId: 'default',
  diagnostics: [],
  bindings: [
    binding('builtin:workspace.write_file', 'write_it'),
    binding('builtin:workspace.commit', 'publish_it'),
    binding('builtin:task.return', 'give_back'),
  ],
})

describe('buildSystemPrompt', () => {
  it('tells a session agent that a text-only answer ends the run', () => {
    const text = buildSystemPrompt({ profile: defaultProfile, snapshot: snapshot('session'), returnMode: false })
    expect(text).toContain('without tool calls')
    expect(text).not.toContain('publish_it')
  })

  it('tells a chat agent to publish with the tools by their aliases', () => {
    const text = buildSystemPrompt({ profile: defaultProfile, snapshot: snapshot('chat'), returnMode: false })
    expect(text).toContain('write_it')
    expect(text).toContain('publish_it')
    expect(text).toContain('output/main.md')
  })

  it('tells a delegated child to return with task return, and lists skills and agents once', () => {
    const profile = mergeProfile(defaultProfile, { agent: { systemPrompt: 'You review code.' } })
    const text = buildSystemPrompt({
      profile,
      snapshot: snapshot('session'),
      returnMode: true,
      skills: 'SKILLS',
      agents: 'AGENTS',
    })
    expect(text.startsWith('You review code.')).toBe(true)
    expect(text).toContain('give_back')
    expect(text.split('SKILLS')).toHaveLength(2)
    expect(text.split('AGENTS')).toHaveLength(2)
  })

  it('ends with the environment and the project files, after the listings', () => {
    const text = buildSystemPrompt({
      profile: defaultProfile,
      snapshot: snapshot('session'),
      returnMode: false,
      agents: 'AGENTS LISTING',
      project: {
        date: '2026-03-07',
        platform: 'linux x64',
        files: [{ name: 'AGENTS.md', text: 'Run the tests with npm test.' }],
      },
    })
    expect(text.indexOf('AGENTS LISTING')).toBeLessThan(text.indexOf('2026-03-07'))
    expect(text).toContain('linux x64')
    expect(text.endsWith('Run the tests with npm test.')).toBe(true)
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { StoredStateError } from '../../core/versioned-state.js'
import type { RunStart } from './run-context.js'
import { parseRunStart, toStoredRunStart } from './run-start-schema.js'

// A run's start exactly as the last build without versions stored it (commit c2bd945), read back from its store.
const stored = JSON.parse(
  readFileSync(new URL('__fixtures__/run-started-c2bd945.json', import.meta.url), 'utf8'),
) as Record<string, unknown>

function refusal(raw: unknown): StoredStateError {
  try {
    parseRunStart(raw, 'run_1')
  } catch (error) {
    if (error instanceof StoredStateError) return error
    throw error
  }
  throw new Error('the run start was read')
}

describe('stored run starts', () => {
  it('reads a start stored before versions, with its conversation and lorebook', () => {
    const { profileId: _profileId, ...start } = stored
    expect(parseRunStart(stored, 'run_1')).toEqual(start)
  })

  it('reads a start without base URL or lorebook', () => {
    const { baseUrl: _baseUrl, lorebook: _lorebook, ...older } = stored
    expect(parseRunStart(older, 'run_1')).toMatchObject({ owner: 'conversation:c7', scope: 'chat' })
  })

  it('stores the version with the start and reads it back as it was', () => {
    const start: RunStart = {
      prompt: 'p',
      model: 'anthropic:m',
      scope: 'session',
      owner: 'user:local',
      conversation: [],
    }
    const written: unknown = JSON.parse(JSON.stringify(toStoredRunStart(start, 'default')))
    expect(written).toEqual({ version: 2, ...start, profileId: 'default' })
    expect(parseRunStart(written, 'run_1')).toEqual(start)
  })

  it('refuses a start from a newer toolhost, saying to upgrade', () => {
    const error = refusal({ ...stored, version: 3 })
    expect(error.code).toBe('state.newer_version')
    expect(error.message).toBe(
      'Start of run run_1 was written by a newer toolhost (version 3; this build reads up to 2). Upgrade toolhost to resume it.',
    )
  })

  it.each([
    ['a conversation that is no list', { conversation: 'hello' }, /conversation: /],
    ['a message of an unknown role', { conversation: [{ role: 'narrator', text: 'x' }] }, /conversation\.0\.role: /],
    ['a missing owner', { owner: undefined }, /owner: /],
  ])('refuses a damaged start: %s', (_, change, problem) => {
    const error = refusal({ ...stored, ...change })
    expect(error.code).toBe('state.unreadable')
    expect(error.message).toMatch(/^Start of run run_1 cannot be read \(version 1\): /)
    expect(error.message).toMatch(problem)
    expect(error.message).toMatch(/; start a new run instead\.$/)
  })
})

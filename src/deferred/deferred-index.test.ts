import { describe, expect, it } from 'vitest'
import type { SnapshotBinding } from '../snapshot/snapshot-binding.js'
import { DeferredIndex } from './deferred-index.js'
import { parseSynonyms } from './synonyms.js'

const binding = (
  toolId: string,
  alias: string,
  description: string,
  properties: Record<string, unknown> = {},
): SnapshotBinding => ({
  toolId,
  alias,
  description,
  inputSchema: { type: 'object', properties },
  strict: false,
  dropped: [],
  annotations: {},
  completion: false,
  deferred: true,
})

const tools = [
  binding('mcp/gh:create_issue', 'mcp__github__create_issue', 'Create a new issue in a repository.', {
    repo: { type: 'string' },
    title: { type: 'string' },
  }),
  binding('mcp/gh:list_issues', 'mcp__github__list_issues', 'List issues of a repository.', {
    repo: { type: 'string' },
  }),
  binding('process/wx:weather_now', 'weather_now', 'Current conditions for a place.', {
    location: { type: 'string', description: 'City name' },
  }),
  binding('extension/n:append', 'append', 'Append a note to the notebook.', {
    text: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', enum: ['work', 'home'] } },
  }),
]

describe('DeferredIndex', () => {
  const index = new DeferredIndex(tools, parseSynonyms('create open add\nweather forecast'))

  it('searches names, descriptions, parameter names and their descriptions', () => {
    expect(index.search('createIssue', 5)[0]?.binding.alias).toBe('mcp__github__create_issue')
    expect(index.search('notebook', 5)[0]?.binding.alias).toBe('append')
    expect(index.search('city', 5)[0]?.binding.alias).toBe('weather_now')
    expect(index.search('home', 5)[0]?.binding.alias).toBe('append')
  })

  it('widens query words by stem, synonym and prefix', () => {
    expect(index.search('opening issues', 5).map((m) => m.binding.alias)).toEqual([
      'mcp__github__create_issue',
      'mcp__github__list_issues',
    ])
    expect(index.search('forecast', 5)[0]?.binding.alias).toBe('weather_now')
    expect(index.search('repo', 5)).toHaveLength(2)
    expect(index.search('no', 5)).toEqual([])
  })

  it('puts an exact alias or id first', () => {
    expect(index.search('mcp__github__list_issues', 5)[0]).toMatchObject({
      binding: { alias: 'mcp__github__list_issues' },
      score: Infinity,
    })
    expect(index.search('extension/n:append', 5)[0]?.binding.alias).toBe('append')
    expect(
      index.search('mcp__github__list_issues', 5).filter((m) => m.binding.alias === 'mcp__github__list_issues'),
    ).toHaveLength(1)
  })

  it('honours the limit and ignores stop words', () => {
    expect(index.search('issues', 1)).toHaveLength(1)
    expect(index.search('the of and', 5)).toEqual([])
    expect(new DeferredIndex([]).search('anything', 5)).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { builtinAlias, cutToBytes, externalAliasBase, mcpAlias, mcpSegment } from './tool-alias.js'

describe('builtinAlias', () => {
  it('replaces dots with underscores', () => {
    expect(builtinAlias('workspace.read_file')).toBe('workspace_read_file')
    expect(builtinAlias('task.return')).toBe('task_return')
    expect(builtinAlias('dice.roll')).toBe('dice_roll')
  })
})

describe('externalAliasBase', () => {
  it('keeps [A-Za-z0-9_-] and turns every other character into _', () => {
    expect(externalAliasBase('get-weather_now')).toBe('get-weather_now')
    expect(externalAliasBase('notes.append v2')).toBe('notes_append_v2')
    expect(externalAliasBase('météo')).toBe('m_t_o')
    expect(externalAliasBase('天気')).toBe('__')
    expect(externalAliasBase('a:b/c')).toBe('a_b_c')
  })

  it('names an empty tool "tool"', () => {
    expect(externalAliasBase('')).toBe('tool')
  })
})

describe('mcpSegment', () => {
  it('keeps letters, digits and -, collapses and trims _', () => {
    expect(mcpSegment('my server', 'server')).toBe('my_server')
    expect(mcpSegment('__a..b__', 'server')).toBe('a_b')
    expect(mcpSegment('search_issues', 'tool')).toBe('search_issues')
    expect(mcpSegment('a___b', 'tool')).toBe('a_b')
  })

  it('falls back to server / tool for an empty segment', () => {
    expect(mcpSegment('日本', 'server')).toBe('server')
    expect(mcpSegment('___', 'tool')).toBe('tool')
  })
})

describe('mcpAlias', () => {
  it('joins server and tool', () => {
    expect(mcpAlias('GitHub Enterprise', 'search.issues')).toBe('mcp__GitHub_Enterprise__search_issues')
  })

  it('keeps names that fit 57 bytes untouched', () => {
    const server = 's'.repeat(27)
    const tool = 't'.repeat(30)
    expect(mcpAlias(server, tool)).toBe(`mcp__${server}__${tool}`)
    expect(mcpAlias(server, tool)).toHaveLength(64)
  })

  it('cuts a long server to 20 bytes when the tool needs the room', () => {
    const alias = mcpAlias('s'.repeat(40), 't'.repeat(50))
    expect(alias).toBe(`mcp__${'s'.repeat(20)}__${'t'.repeat(37)}`)
    expect(alias).toHaveLength(64)
  })

  it('gives room a short tool leaves back to the server', () => {
    const alias = mcpAlias('s'.repeat(60), 'search')
    expect(alias).toBe(`mcp__${'s'.repeat(51)}__search`)
    expect(alias).toHaveLength(64)
  })

  it('cuts a long tool after a short server', () => {
    const alias = mcpAlias('gh', 't'.repeat(80))
    expect(alias).toBe(`mcp__gh__${'t'.repeat(55)}`)
  })
})

describe('cutToBytes', () => {
  it('never splits a multibyte character', () => {
    expect(cutToBytes('ééé', 5)).toBe('éé')
    expect(cutToBytes('a😀b', 4)).toBe('a')
    expect(cutToBytes('abc', 10)).toBe('abc')
  })
})

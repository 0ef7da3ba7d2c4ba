import { describe, expect, it } from 'vitest'
import type { ToolEntry } from '../components/api-shapes.js'
import { aliasSummary, toolMatches, toolPath } from './tools-page.js'

const tool: ToolEntry = {
  id: 'builtin:workspace.read_file',
  source: 'builtin',
  name: 'workspace.read_file',
  description: 'Reads a text file of the workspace',
  aliases: { anthropic: 'workspace_read_file', gemini: 'read' },
  permission: 'allow',
  readOnly: true,
  diagnostics: [],
  inputSchema: {},
}

describe('the Tools page helpers', () => {
  it('matches every word of a search anywhere in the id, description or aliases', () => {
    expect(toolMatches(tool, '')).toBe(true)
    expect(toolMatches(tool, 'READ text')).toBe(true)
    expect(toolMatches(tool, 'gemini')).toBe(false)
    expect(toolMatches(tool, 'read write')).toBe(false)
  })

  it('says aliases once when every protocol shares one', () => {
    expect(aliasSummary({ a: 'x', b: 'x' })).toBe('as x')
    expect(aliasSummary(tool.aliases)).toBe('workspace_read_file (anthropic) · read (gemini)')
  })

  it('links a tool by its encoded id', () => {
    expect(toolPath('mcp/files:read')).toBe('/tools/mcp%2Ffiles%3Aread')
  })
})

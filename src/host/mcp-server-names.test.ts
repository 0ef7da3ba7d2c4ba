import { describe, expect, it } from 'vitest'
import { defaultProfile } from '../profile/default-profile.js'
import { mergeProfile } from '../profile/load-profile.js'
import { serverIdsIn, serverNamesIn, withServerIds } from './mcp-server-names.js'

const servers = [
  { id: 'mcp_aa', name: 'fs' },
  { id: 'mcp_bb', name: 'My Docs' },
  { id: 'mcp_cc', name: 'mcp_aa' },
]

describe('MCP servers named as they were added', () => {
  it('rewrites a name to the registration id, and back for files', () => {
    expect(serverIdsIn('mcp/fs:*', servers)).toBe('mcp/mcp_aa:*')
    expect(serverIdsIn('mcp/fs:list_directory(/srv)', servers)).toBe('mcp/mcp_aa:list_directory(/srv)')
    expect(serverIdsIn('mcp/mcp_aa:read', servers)).toBe('mcp/mcp_aa:read')
    expect(serverIdsIn('mcp/*', servers)).toBe('mcp/*')
    expect(serverIdsIn('mcp/nope:x', servers)).toBe('mcp/nope:x')
    expect(serverIdsIn('builtin:fs', servers)).toBe('builtin:fs')
    expect(serverNamesIn('mcp/mcp_aa:read(/srv)', servers)).toBe('mcp/fs:read(/srv)')
    // A name with spaces cannot stand in a rule; a name that is another server's id is never read as a name.
    expect(serverNamesIn('mcp/mcp_bb:read', servers)).toBe('mcp/mcp_bb:read')
    expect(serverNamesIn('mcp/mcp_cc:read', servers)).toBe('mcp/mcp_cc:read')
  })

  it('rewrites every tool pattern and rule of a profile', () => {
    const profile = mergeProfile(defaultProfile, {
      tools: {
        allow: ['builtin:*', 'mcp/fs:*'],
        deny: ['mcp/fs:write_file'],
        deferred: ['mcp/fs:search'],
        maxCallsPerTool: { 'mcp/fs:read': 3 },
        descriptions: { 'mcp/fs:read': 'Read.' },
      },
      permissions: { allow: ['mcp/fs:read(/srv/**)'], ask: ['mcp/fs:move'], deny: ['mcp/fs:delete'] },
      hooks: { preTool: [{ command: 'guard', match: 'mcp/fs:*' }] },
    })
    const rewritten = withServerIds(profile, servers)
    expect(rewritten.tools).toMatchObject({
      allow: ['builtin:*', 'mcp/mcp_aa:*'],
      deny: ['mcp/mcp_aa:write_file'],
      deferred: ['mcp/mcp_aa:search'],
      maxCallsPerTool: { 'mcp/mcp_aa:read': 3 },
      descriptions: { 'mcp/mcp_aa:read': 'Read.' },
    })
    expect(rewritten.permissions).toMatchObject({
      allow: ['mcp/mcp_aa:read(/srv/**)'],
      ask: ['mcp/mcp_aa:move'],
      deny: ['mcp/mcp_aa:delete'],
    })
    expect(rewritten.hooks.preTool[0]?.match).toBe('mcp/mcp_aa:*')
    expect(withServerIds(profile, [])).toBe(profile)
  })
})

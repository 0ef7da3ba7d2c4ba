import { cpSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

// The reference filesystem server and the example process tools, driven through the command line.
const require = createRequire(import.meta.url)
const server = join(
  dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
  'dist',
  'index.js',
)
const examples = join(import.meta.dirname, '..', '..', 'examples', 'process-tools')

// Each command is its own process, which takes seconds on a busy machine: the limits are generous.
const long = 300_000

describe('MCP and process tools are reachable as documented', () => {
  const cwd = tempDir('toolhost-reach-')
  const files = join(cwd, 'files')
  const dataDir = join(cwd, 'data')
  const profile = join(cwd, 'fs.json')
  const cli = (...args: string[]) => toolhost(cwd, [...args, '--data-dir', dataDir])
  const listArgs = JSON.stringify({ path: files })

  beforeAll(async () => {
    cpSync(examples, join(dataDir, 'tools'), { recursive: true })
    cpSync(examples, files, { recursive: true })
    // No permission rule: the person's Allow is the decision. The server is named as it was added.
    writeFileSync(profile, JSON.stringify({ schemaVersion: 2, id: 'fs', tools: { allow: ['builtin:*', 'mcp/fs:*'] } }))
    expect(
      (await toolhost(cwd, ['mcp', 'add', 'fs', '--data-dir', dataDir, '--', process.execPath, server, files])).code,
    ).toBe(0)
    expect((await cli('mcp', 'discover', 'fs')).code).toBe(0)
    expect((await cli('tools', 'trust')).code).toBe(0)
  }, long)

  it(
    'tools list names the discovered tools a profile leaves out and how to offer them',
    async () => {
      const listed = await cli('tools', 'list')
      expect(listed.code).toBe(0)
      expect(listed.stderr).toMatch(
        /profile default does not offer \d+ discovered tools: .*process\/notes:add.*; to offer them, add "process\/\*" to tools\.allow/,
      )
      expect(listed.stderr).toMatch(
        /mcp\/mcp_[0-9a-f]+:list_directory \(fs\) is off; offer it with "toolhost mcp allow fs list_directory"/,
      )
    },
    long,
  )

  it(
    'Allow runs without asking, Ask asks, a deny rule naming the server wins, Off hides',
    async () => {
      expect((await cli('mcp', 'allow', 'fs', 'list_directory')).code).toBe(0)
      expect((await cli('mcp', 'ask', 'fs', 'read_text_file')).code).toBe(0)
      const withMcp = await cli('tools', 'list', '--profile', profile)
      expect(withMcp.stdout).toContain('mcp__fs__list_directory')
      expect(withMcp.stderr).toMatch(/profile fs does not offer .*process\/notes:add/)

      const allowed = await cli('tools', 'call', 'mcp__fs__list_directory', listArgs, '--profile', profile)
      expect(allowed.stderr).toBe('')
      expect(allowed.code).toBe(0)
      expect(allowed.stdout).toContain('notes.yaml')

      const asked = await cli(
        'tools',
        'call',
        'mcp__fs__read_text_file',
        JSON.stringify({ path: join(files, 'notes.yaml') }),
        '--profile',
        profile,
      )
      expect(asked.code).toBe(3)
      expect(asked.stderr).toContain('waiting for approval apr_')

      const strict = join(cwd, 'strict.json')
      writeFileSync(
        strict,
        JSON.stringify({
          schemaVersion: 2,
          id: 'strict',
          tools: { allow: ['mcp/fs:*'] },
          permissions: { deny: ['mcp/fs:list_directory'] },
        }),
      )
      const denied = await cli('tools', 'call', 'mcp__fs__list_directory', listArgs, '--profile', strict)
      expect(denied.code).toBe(1)
      expect(denied.stderr).toContain('permission.denied')

      expect((await cli('mcp', 'off', 'fs', 'list_directory')).code).toBe(0)
      const hidden = await cli('tools', 'call', 'mcp__fs__list_directory', listArgs, '--profile', profile)
      expect(hidden.code).toBe(1)
      expect(hidden.stderr).toContain('model.unknown_tool_call')
      expect((await cli('mcp', 'allow', 'fs', 'list_directory')).code).toBe(0)
    },
    long,
  )

  it(
    'permissions explain takes every name tools call takes',
    async () => {
      const explained = await cli('permissions', 'explain', 'mcp__fs__list_directory', listArgs, '--profile', profile)
      expect(explained.code).toBe(0)
      expect(explained.stdout).toMatch(/^ALLOW: /)
      expect(explained.stdout).toContain('set mcp/')
      const byName = await cli('permissions', 'explain', 'mcp/fs:read_text_file', listArgs, '--profile', profile)
      expect(byName.code).toBe(0)
      expect(byName.stdout).toMatch(/^ASK: /)
      const notOffered = await cli('permissions', 'explain', 'process/notes:add', '{"text":"x"}')
      expect(notOffered.code).toBe(0)
      expect(notOffered.stdout).toContain('the profile does not offer process/notes:add')
    },
    long,
  )
})

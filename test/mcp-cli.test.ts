import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CliIo } from '../src/cli/cli-io.js'
import { main } from '../src/cli/main.js'
import { tempDir } from './temp-dir.js'

// The reference filesystem server, registered and called through the command line.
const require = createRequire(import.meta.url)
const serverPackage = require.resolve('@modelcontextprotocol/server-filesystem/package.json')
const server = join(dirname(serverPackage), 'dist', 'index.js')

describe('toolhost mcp', () => {
  const dataDir = tempDir()
  const files = tempDir()
  writeFileSync(join(files, 'hello.txt'), 'hello from the filesystem server\n')

  async function run(...argv: string[]) {
    let out = ''
    let err = ''
    const io: CliIo = { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), readStdin: async () => '' }
    const dashes = argv.indexOf('--')
    const withDir =
      dashes < 0
        ? [...argv, '--data-dir', dataDir]
        : [...argv.slice(0, dashes), '--data-dir', dataDir, ...argv.slice(dashes)]
    const code = await main(withDir, io)
    return { code, out, err }
  }

  it('adds a server, discovers its tools off, allows one and calls it through the gate', async () => {
    expect((await run('mcp', 'add', 'fs', '--', process.execPath, server, files)).code).toBe(0)
    expect((await run('mcp', 'list')).out).toMatch(/^NAME\s+ID\s+TRANSPORT\s+TOOLS\nfs\s+mcp_[0-9a-f]+\s+stdio\s+0/)
    const discovered = await run('mcp', 'discover', 'fs')
    expect(discovered.code).toBe(0)
    expect(discovered.out).toMatch(/read_text_file\s+off/)
    const before = await run(
      'tools',
      'call',
      'mcp__fs__read_text_file',
      JSON.stringify({ path: join(files, 'hello.txt') }),
    )
    expect(before.code).toBe(1)
    expect(before.err).toContain('model.unknown_tool_call')
    const allowed = await run('mcp', 'allow', 'fs', 'read_text_file')
    expect(allowed.out).toContain('read_text_file: allow')
    expect(allowed.err).toContain(
      'a profile offers it with "mcp/fs:*" (or "mcp/*") in tools.allow; calls run without asking',
    )
    const profile = join(dataDir, 'mcp.json')
    writeFileSync(
      profile,
      JSON.stringify({ schemaVersion: 1, id: 'mcp', tools: { allow: ['mcp/*'] }, permissions: { allow: ['mcp/*'] } }),
    )
    const called = await run(
      'tools',
      'call',
      'mcp__fs__read_text_file',
      JSON.stringify({ path: join(files, 'hello.txt') }),
      '--profile',
      profile,
    )
    expect(called.err).toBe('')
    expect(called.out).toContain('hello from the filesystem server')
    expect((await run('mcp', 'allow', 'fs', 'no_such_tool')).code).toBe(2)
    expect((await run('mcp', 'remove', 'fs')).out).toContain('removed fs')
    expect((await run('mcp', 'discover', 'fs')).code).toBe(2)
  })
})

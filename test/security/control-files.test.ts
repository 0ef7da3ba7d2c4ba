import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import { tempDir } from '../temp-dir.js'

/**
 * toolhost's own state is out of the model's reach: with the data directory inside the project (the
 * default `.toolhost/`), a model allowed everything (bypass mode) can neither read nor write it with
 * the file tools or the shell, listings and searches leave it out, and what it tried left the files
 * as they were.
 */

let project: string
let dataDir: string
let outsideData: string
let host: ToolHost
const secret = 'sk-secret-credential-42'
const profileFile = () => join(dataDir, 'profiles', 'default.json')

beforeAll(async () => {
  project = tempDir('toolhost-control-')
  dataDir = join(project, '.toolhost')
  host = await createToolHost({ dataDir, workspaceDir: project, processDirs: [], watchProcessTools: false })
  host.store()
  mkdirSync(join(dataDir, 'profiles'), { recursive: true })
  writeFileSync(profileFile(), JSON.stringify({ permissions: { mode: 'default' } }))
  writeFileSync(join(dataDir, 'credentials.txt'), `token=${secret}\n`)
  writeFileSync(join(project, 'notes.txt'), 'ordinary notes\n')
  symlinkSync('.toolhost', join(project, 'state'))
  symlinkSync('.toolhost/credentials.txt', join(project, 'creds'))
  outsideData = tempDir('toolhost-control-outside-')
})
afterAll(async () => {
  await host.close()
})

/** One call by a model whose profile allows everything. */
async function call(
  name: string,
  args: Record<string, unknown>,
  on: ToolHost = host,
): Promise<{ isError: boolean; text: string }> {
  const invocation = await on.createInvocation({
    scope: 'session',
    protocol: 'openai-chat',
    profile: { permissions: { mode: 'bypass' } },
    approver: async () => ({ behavior: 'allow', scope: 'once' }),
  })
  const [result] = await invocation.executeTurn({ calls: [{ callId: 'c', name, arguments: args }] })
  return {
    isError: result?.isError ?? true,
    text: typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content),
  }
}

const unchanged = () => {
  expect(readFileSync(profileFile(), 'utf8')).toBe(JSON.stringify({ permissions: { mode: 'default' } }))
  expect(readFileSync(join(dataDir, 'credentials.txt'), 'utf8')).toBe(`token=${secret}\n`)
}

describe('the file tools cannot reach the data directory', () => {
  it.each([
    ['workspace_read_file', { file_path: '.toolhost/credentials.txt' }],
    ['workspace_read_file', { file_path: 'state/credentials.txt' }],
    ['workspace_read_file', { file_path: 'creds' }],
    ['workspace_read_file', { file_path: 'src/../.toolhost/toolhost.db' }],
    [
      'workspace_write_file',
      { file_path: '.toolhost/profiles/default.json', content: '{"permissions":{"mode":"bypass"}}' },
    ],
    ['workspace_write_file', { file_path: 'state/profiles/evil.json', content: '{}' }],
    ['workspace_list_files', { path: '.toolhost' }],
    ['workspace_search_files', { pattern: 'token', path: 'state' }],
  ])('%s %j is refused as toolhost state and changes nothing', async (name, args) => {
    const { isError, text } = await call(name, args)
    expect(isError).toBe(true)
    expect(text).toMatch(/toolhost's own state|outside the workspace/)
    expect(text).not.toContain(secret)
    unchanged()
    expect(existsSync(join(dataDir, 'profiles', 'evil.json'))).toBe(false)
  })

  it('read_file names the data directory as toolhost state, a recoverable error', async () => {
    const { isError, text } = await call('workspace_read_file', { file_path: '.toolhost/toolhost.db' })
    expect(isError).toBe(true)
    expect(text).toContain(`".toolhost/toolhost.db" is toolhost's own state; tools cannot reach it`)
  })

  it('listings, globs and searches over the project leave it out', async () => {
    const listed = await call('workspace_list_files', { path: '.' })
    expect(listed.text).toContain('notes.txt')
    expect(listed.text).not.toContain('.toolhost')
    const globbed = await call('workspace_glob', { pattern: '**/*' })
    expect(globbed.text).toContain('notes.txt')
    expect(globbed.text).not.toMatch(/\.toolhost|credentials|toolhost\.db/)
    const searched = await call('workspace_search_files', { pattern: 'token|notes' })
    expect(searched.text).toContain('notes.txt')
    expect(searched.text).not.toContain(secret)
  })

  it('tool-results stays readable and read-only', async () => {
    const { isError, text } = await call('workspace_write_file', { file_path: 'tool-results/x.txt', content: 'x' })
    expect(isError).toBe(true)
    expect(text).toContain('read-only')
  })
})

describe('the shell cannot reach the data directory', () => {
  it.each([
    'cat .toolhost/toolhost.db',
    'cat .toolhost/credentials.txt',
    'cat state/credentials.txt',
    'cat creds',
    'cd src/.. && cat ./.toolhost/credentials.txt',
    'grep -r secret .',
    'grep -r token .',
    'find . -type f | xargs cat',
    'echo "{}" > .toolhost/profiles/default.json',
    'rm -rf .toolhost',
    'mv .toolhost moved',
    'cp -r .toolhost copied && cat copied/credentials.txt',
    'ln -s .toolhost/credentials.txt l && cat l',
  ])('%s reads and changes nothing of it', async (command) => {
    const { text } = await call('workspace_shell', { command })
    expect(text).not.toContain(secret)
    unchanged()
    expect(existsSync(join(project, 'moved'))).toBe(false)
  })

  it('ls -a of the project does not show it, and commands cannot use it', async () => {
    const listed = await call('workspace_shell', { command: 'ls -a' })
    expect(listed.text).toContain('notes.txt')
    expect(listed.text).not.toContain('.toolhost')
    const direct = await call('workspace_shell', { command: 'ls .toolhost; echo x > .toolhost/new' })
    expect(direct.text).toContain('ls: .toolhost: No such file or directory')
    expect(direct.text).toContain("'/.toolhost/new' is toolhost's own state; tools cannot reach it")
    expect(existsSync(join(dataDir, 'new'))).toBe(false)
  })
})

describe('a data directory outside the project', () => {
  it('is not reachable through a symlink from the project either', async () => {
    const data = join(outsideData, 'data')
    const other = await createToolHost({
      dataDir: data,
      workspaceDir: project,
      processDirs: [],
      watchProcessTools: false,
    })
    try {
      other.store()
      writeFileSync(join(data, 'credentials.txt'), `token=${secret}\n`)
      symlinkSync(data, join(project, 'outside-state'))
      const read = await call('workspace_read_file', { file_path: 'outside-state/credentials.txt' }, other)
      expect(read.isError).toBe(true)
      const shell = await call(
        'workspace_shell',
        { command: 'cat outside-state/credentials.txt; grep -r token outside-state' },
        other,
      )
      expect(shell.text).not.toContain(secret)
    } finally {
      await other.close()
    }
  })
})

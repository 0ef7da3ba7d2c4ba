import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { ApprovalRequest } from '../../src/permissions/approvals/approval-request.js'
import { tempDir } from '../temp-dir.js'

/**
 * Path rules see the real file: a deny rule on `.env` and `secrets/**` holds against symlinks that
 * lead there, `..` segments, globs, and searches, globs and listings from a parent directory, in
 * bypass mode with every approval granted; an ask rule asks about a file reached through a link.
 */

const secret = 'SECRET_TOKEN=hunter2'
let project: string
let host: ToolHost
beforeAll(async () => {
  project = tempDir('toolhost-path-rules-')
  host = await createToolHost({
    dataDir: join(project, '.toolhost'),
    workspaceDir: project,
    processDirs: [],
    watchProcessTools: false,
  })
  writeFileSync(join(project, '.env'), `${secret}\n`)
  mkdirSync(join(project, 'app'))
  writeFileSync(join(project, 'app', '.env'), `${secret}\n`)
  mkdirSync(join(project, 'secrets'))
  writeFileSync(join(project, 'secrets', 'key.txt'), `${secret}\n`)
  mkdirSync(join(project, 'config'))
  writeFileSync(join(project, 'config', 'prod.json'), '{"db":"prod"}\n')
  writeFileSync(join(project, 'notes.txt'), 'SECRET_TOKEN is documented elsewhere\n')
  symlinkSync('.env', join(project, 'envlink'))
  symlinkSync('secrets', join(project, 'linkdir'))
  symlinkSync('../secrets/key.txt', join(project, 'app', 'key'))
  symlinkSync('config/prod.json', join(project, 'cfglink'))
})
afterAll(async () => {
  await host.close()
})

const permissions = {
  mode: 'bypass' as const,
  deny: ['builtin:workspace.*(.env)', 'builtin:workspace.*(secrets/**)'],
  ask: ['builtin:workspace.*(config/*.json)'],
}

/** One call; approvals are granted and recorded. */
async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string; asked: ApprovalRequest[] }> {
  const asked: ApprovalRequest[] = []
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-chat',
    profile: { permissions },
    approver: async (request) => {
      asked.push(request)
      return { behavior: 'deny', message: 'not that file' }
    },
  })
  const [result] = await invocation.executeTurn({ calls: [{ callId: 'c', name, arguments: args }] })
  return {
    isError: result?.isError ?? true,
    text: typeof result?.content === 'string' ? result.content : JSON.stringify(result?.content),
    asked,
  }
}

const untouched = () => {
  expect(readFileSync(join(project, '.env'), 'utf8')).toBe(`${secret}\n`)
  expect(readFileSync(join(project, 'secrets', 'key.txt'), 'utf8')).toBe(`${secret}\n`)
}

describe('deny rules on paths hold for the real file', () => {
  it.each([
    ['workspace_read_file', { file_path: 'envlink' }],
    ['workspace_read_file', { file_path: 'linkdir/key.txt' }],
    ['workspace_read_file', { file_path: 'app/key' }],
    ['workspace_read_file', { file_path: 'app/../.env' }],
    ['workspace_read_file', { file_path: './secrets/../secrets/key.txt' }],
    ['workspace_write_file', { file_path: 'envlink', content: 'SECRET_TOKEN=mine\n' }],
    ['workspace_write_file', { file_path: 'linkdir/key.txt', content: 'x' }],
  ])('%s %j is denied and changes nothing', async (name, args) => {
    const { isError, text } = await call(name, args)
    expect(isError).toBe(true)
    expect(text).not.toContain('hunter2')
    untouched()
  })

  it('a search or listing of a linked directory shows none of its covered files', async () => {
    const searched = await call('workspace_search_files', { pattern: 'hunter2', path: 'linkdir' })
    expect(searched.text).not.toContain('hunter2')
    const listed = await call('workspace_list_files', { path: 'linkdir' })
    expect(listed.text).not.toContain('key.txt')
  })

  it('searches, globs and listings from the root leave the covered files out', async () => {
    const searched = await call('workspace_search_files', { pattern: 'SECRET_TOKEN' })
    expect(searched.isError).toBe(false)
    expect(searched.text).toContain('notes.txt')
    expect(searched.text).not.toContain('hunter2')
    const globbed = await call('workspace_glob', { pattern: '**/*' })
    expect(globbed.text).toContain('notes.txt')
    expect(globbed.text).not.toMatch(/\.env|key\.txt|envlink|app\/key/)
    const dotGlob = await call('workspace_glob', { pattern: '**/.env' })
    expect(dotGlob.text).not.toContain('app/.env')
    const listed = await call('workspace_list_files', { path: '.', depth: 3 })
    expect(listed.text).toContain('notes.txt')
    expect(listed.text).not.toMatch(/\.env|key\.txt|envlink/)
  })

  it('a file an ask rule covers is asked about through a link, and left out of searches', async () => {
    const read = await call('workspace_read_file', { file_path: 'cfglink' })
    expect(read.asked).toHaveLength(1)
    expect(read.isError).toBe(true)
    expect(read.text).not.toContain('prod')
    const searched = await call('workspace_search_files', { pattern: 'db' })
    expect(searched.text).not.toContain('"prod"')
  })
})

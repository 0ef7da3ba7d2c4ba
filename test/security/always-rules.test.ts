import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { createToolHost, type ToolHost } from '../../src/host/create-tool-host.js'
import type { ApprovalDecision, ApprovalRequest } from '../../src/permissions/approvals/approval-request.js'
import { tempDir } from '../temp-dir.js'

/**
 * "Allow always" end to end through the library: a call under a profile file asks, the person
 * answers always, the exact rule lands in the file; the same call then runs without asking, while a
 * near miss (`rm -f build/../important.ts` after `rm -f build/*`) still asks, is refused and leaves
 * the victim file in place.
 */

let project: string
let profile: string
let host: ToolHost

beforeEach(async () => {
  const root = tempDir('toolhost-security-always-')
  project = join(root, 'project')
  mkdirSync(join(project, 'build'), { recursive: true })
  mkdirSync(join(project, 'src'), { recursive: true })
  mkdirSync(join(project, '.git', 'hooks'), { recursive: true })
  writeFileSync(join(project, 'build', 'a.o'), 'object\n')
  writeFileSync(join(project, 'important.ts'), 'export const keep = true\n')
  writeFileSync(join(project, '.git', 'config'), '[core]\n')
  profile = join(root, 'coder.json')
  writeFileSync(profile, `${JSON.stringify({ schemaVersion: 2, id: 'coder' }, null, 2)}\n`)
  host = await createToolHost({
    dataDir: join(root, 'data'),
    workspaceDir: project,
    processDirs: [],
    watchProcessTools: false,
  })
  return () => host.close()
})

/** Makes one call in a fresh invocation of the profile file, answering every question with `decision`. */
async function call(
  name: string,
  args: Record<string, unknown>,
  decision: ApprovalDecision,
  profileRef: string | object = profile,
) {
  const asked: ApprovalRequest[] = []
  const invocation = await host.createInvocation({
    scope: 'session',
    protocol: 'openai-chat',
    profile: profileRef as string,
    approver: async (request) => {
      asked.push(request)
      return decision
    },
  })
  const [result] = await invocation.executeTurn({ calls: [{ callId: 'c', name, arguments: args }] })
  return { asked, isError: result?.isError ?? true, content: String(result?.content) }
}

const always: ApprovalDecision = { behavior: 'allow', scope: 'always' }
const refuse: ApprovalDecision = { behavior: 'deny', message: 'not this' }
const allowRules = (): unknown =>
  (JSON.parse(readFileSync(profile, 'utf8')) as { permissions?: { allow?: unknown } }).permissions?.allow

describe('"allow always" adds exactly the call', () => {
  it('rm -f build/* always: the rule names that command alone, and rm -f build/../important.ts still asks', async () => {
    const first = await call('workspace_shell', { command: 'rm -f build/*' }, always)
    expect(first.asked.map((request) => request.alwaysRule)).toEqual(['builtin:workspace.shell(rm -f build/\\*)'])
    expect(first.isError).toBe(false)
    expect(existsSync(join(project, 'build', 'a.o'))).toBe(false)
    expect(allowRules()).toEqual(['builtin:workspace.shell(rm -f build/\\*)'])

    writeFileSync(join(project, 'build', 'b.o'), 'object\n')
    const again = await call('workspace_shell', { command: 'rm -f build/*' }, refuse)
    expect(again.asked).toEqual([])
    expect(existsSync(join(project, 'build', 'b.o'))).toBe(false)

    for (const nearMiss of [
      'rm -f build/../important.ts',
      'rm -f important.ts',
      "rm -f 'build/*' important.ts",
      'rm -f build/* important.ts',
    ]) {
      const missed = await call('workspace_shell', { command: nearMiss }, refuse)
      expect(missed.asked, nearMiss).toHaveLength(1)
      expect(missed.isError, nearMiss).toBe(true)
      expect(readFileSync(join(project, 'important.ts'), 'utf8'), nearMiss).toBe('export const keep = true\n')
    }
  })

  it("rm -f '*' always (a file named *): the glob rm -f * still asks and deletes nothing", async () => {
    writeFileSync(join(project, '*'), 'star\n')
    const first = await call('workspace_shell', { command: "rm -f '*'" }, always)
    expect(first.isError).toBe(false)
    expect(allowRules()).toEqual(["builtin:workspace.shell(rm -f '*')"])
    expect(existsSync(join(project, '*'))).toBe(false)
    const glob = await call('workspace_shell', { command: 'rm -f *' }, refuse)
    expect(glob.asked).toHaveLength(1)
    expect(readFileSync(join(project, 'important.ts'), 'utf8')).toBe('export const keep = true\n')
  })

  it('a file named * or config: the rule is that path at the root, never a wildcard or a name at any depth', async () => {
    const star = await call('workspace_write_file', { file_path: '*', content: 'star\n' }, always)
    expect(star.isError).toBe(false)
    const root = await call('workspace_write_file', { file_path: 'config', content: 'root\n' }, always)
    expect(root.isError).toBe(false)
    expect(allowRules()).toEqual(['builtin:workspace.write_file(/\\*)', 'builtin:workspace.write_file(/config)'])

    for (const [path, content] of [
      ['important.ts', 'export const keep = true\n'],
      ['src/config', undefined],
      ['.git/config', '[core]\n'],
    ] as const) {
      const missed = await call('workspace_write_file', { file_path: path, content: 'overwritten\n' }, refuse)
      expect(missed.asked, path).toHaveLength(1)
      expect(missed.isError, path).toBe(true)
      if (content === undefined) expect(existsSync(join(project, path)), path).toBe(false)
      else expect(readFileSync(join(project, path), 'utf8'), path).toBe(content)
    }
    // The same path is allowed from now on (the tool itself wants a file read before it is overwritten).
    const again = await call('workspace_write_file', { file_path: '*', content: 'star again\n' }, refuse)
    expect(again.asked).toEqual([])
    expect(again.content).not.toContain('permission')
  })

  it('a compound command always: one rule per command it runs, and nothing broader', async () => {
    const first = await call('workspace_shell', { command: 'ls build && rm -f build/a.o' }, always)
    expect(first.isError).toBe(false)
    expect(allowRules()).toEqual(['builtin:workspace.shell(ls build)', 'builtin:workspace.shell(rm -f build/a.o)'])
    const missed = await call('workspace_shell', { command: 'ls build && rm -f important.ts' }, refuse)
    expect(missed.asked).toHaveLength(1)
    expect(existsSync(join(project, 'important.ts'))).toBe(true)
  })
})

describe('writes into .git always ask', () => {
  const bypass = {
    permissions: { mode: 'bypass', allow: ['builtin:workspace.shell(*)', 'builtin:workspace.write_file'] },
  }
  it.each([
    ['workspace_shell', { command: 'echo "rm -f important.ts" > .git/hooks/pre-commit' }],
    ['workspace_shell', { command: 'printf "[alias]\\n" | tee -a .git/config' }],
    ['workspace_shell', { command: 'cp important.ts .git/hooks/post-checkout' }],
    ['workspace_write_file', { file_path: '.git/hooks/pre-commit', content: '#!/bin/sh\nrm -f important.ts\n' }],
    ['workspace_write_file', { file_path: '.git/config', content: '[core]\n\thooksPath = x\n' }],
    ['workspace_shell', { command: 'echo "rm -f important.ts" > hooks/pre-commit' }],
    ['workspace_shell', { command: 'cd hooks && cp ../important.ts post-checkout' }],
    ['workspace_shell', { command: 'echo "[alias]" >> cfg' }],
  ] as const)('%s %j, even in bypass mode with every call allowed', async (name, args) => {
    // Links whose names do not show that they lead into .git.
    symlinkSync('.git/hooks', join(project, 'hooks'))
    symlinkSync('.git/config', join(project, 'cfg'))
    const outcome = await call(name, args, refuse, bypass)
    expect(outcome.asked).toHaveLength(1)
    expect(outcome.isError).toBe(true)
    expect(readFileSync(join(project, '.git', 'config'), 'utf8')).toBe('[core]\n')
    expect(existsSync(join(project, '.git', 'hooks', 'pre-commit'))).toBe(false)
    expect(existsSync(join(project, '.git', 'hooks', 'post-checkout'))).toBe(false)
  })
})

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { probeSandbox } from '../../src/sandbox/detect-sandbox.js'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

const support = await probeSandbox(process.platform, process.env.PATH)

describe('toolhost doctor', () => {
  it('lists each check with its status, and fails only when a check fails', async () => {
    const cwd = tempDir('toolhost-doctor-')
    const run = await toolhost(cwd, ['doctor', '--json', '--data-dir', join(cwd, 'data')])
    const checks = JSON.parse(run.stdout) as { name: string; status: string; detail: string }[]
    expect(checks.map((check) => check.name)).toEqual([
      'node',
      'data directory',
      'command sandbox',
      'shared network',
      'change reports',
      'store',
      'providers',
      'mcp servers',
      'profile',
      'profile tools',
      'process tools',
      'web search',
    ])
    const sandbox = checks.find((check) => check.name === 'command sandbox')
    expect(sandbox?.status).toBe(support.available ? 'ok' : 'fail')
    expect(run.code).toBe(checks.some((check) => check.status === 'fail') ? 1 : 0)
    const text = await toolhost(cwd, ['doctor', '--data-dir', join(cwd, 'data')])
    expect(text.stdout).toMatch(/^ok {3}node: Node \d+/m)
  })
})

describe.skipIf(!support.available)('system_shell from the command line', () => {
  it('runs real git in the sandbox when the profile allows it', async () => {
    const cwd = tempDir('toolhost-cli-system-')
    writeFileSync(
      join(cwd, 'git.json'),
      JSON.stringify({ schemaVersion: 2, id: 'git', permissions: { allow: ['builtin:system.shell(git *)'] } }),
    )
    const run = await toolhost(cwd, [
      'tools',
      'call',
      'system_shell',
      JSON.stringify({ command: 'git init -q && git status --short && git --version' }),
      '--profile',
      'git.json',
      '--data-dir',
      join(cwd, 'data'),
    ])
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^Exit code: 0\n\?\? git.json\ngit version \d/)
    expect(run.code).toBe(0)
  })
})

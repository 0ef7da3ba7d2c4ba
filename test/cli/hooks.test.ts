import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

/** A project with a guard hook (records its input; blocks `rm`, else allows), a failing hook and a post-tool hook. */
function project(): { cwd: string; received: string; args: (...more: string[]) => string[] } {
  const cwd = tempDir('toolhost-hooks-')
  const received = join(cwd, 'received.json')
  const guard = join(cwd, 'guard.sh')
  writeFileSync(
    guard,
    [
      '#!/bin/sh',
      `input=$(cat); printf '%s' "$input" > "${received}"`,
      'case "$input" in *\'"rm \'*) echo "rm is not allowed here" >&2; exit 2;; esac',
      'echo \'{"decision":"allow","reason":"read-only command"}\'',
      '',
    ].join('\n'),
  )
  const broken = join(cwd, 'broken.sh')
  writeFileSync(broken, '#!/bin/sh\ncat > /dev/null\necho boom >&2\nexit 3\n')
  const note = join(cwd, 'note.sh')
  writeFileSync(note, '#!/bin/sh\ncat > /dev/null\necho \'{"additionalContext":"checked by note.sh"}\'\n')
  for (const file of [guard, broken, note]) chmodSync(file, 0o755)
  writeFileSync(
    join(cwd, 'hooked.yaml'),
    [
      'schemaVersion: 2',
      'id: hooked',
      'hooks:',
      '  preTool:',
      `    - command: ${guard}`,
      '      match: builtin:system.*',
      `    - command: ${broken}`,
      '      timeoutMs: 2000',
      '  postTool:',
      `    - command: ${note}`,
      '',
    ].join('\n'),
  )
  return { cwd, received, args: (...more) => [...more, '--profile', 'hooked.yaml', '--data-dir', join(cwd, 'data')] }
}

const lsCall = JSON.stringify({ toolId: 'builtin:system.shell', input: { command: 'ls' } })

describe('toolhost hooks', () => {
  it("lists a profile's hooks with their match, time limit and command", async () => {
    const p = project()
    const run = await toolhost(p.cwd, p.args('hooks', 'list'))
    expect(run.stdout).toMatch(/^preTool\[0\]\s+builtin:system\.\*\s+10 s\s+\S+guard\.sh$/m)
    expect(run.stdout).toMatch(/^preTool\[1\]\s+\(every tool\)\s+2 s\s+\S+broken\.sh$/m)
    expect(run.stdout).toMatch(/^postTool\[0\]\s+\(every tool\)\s+10 s\s+\S+note\.sh$/m)
    const json = await toolhost(p.cwd, p.args('hooks', 'list', '--json'))
    expect(JSON.parse(json.stdout)).toMatchObject([
      { hook: 'preTool[0]', match: 'builtin:system.*', timeoutMs: 10_000, args: [] },
      { hook: 'preTool[1]', timeoutMs: 2000 },
      { hook: 'postTool[0]' },
    ])
    const none = await toolhost(p.cwd, ['hooks', 'list', '--data-dir', join(p.cwd, 'data')])
    expect(none.stdout).toBe('profile default has no hooks (hooks.preTool and hooks.postTool are empty)\n')
  })

  it('runs the real hook with the input the host would give it, and prints its decision', async () => {
    const p = project()
    const run = await toolhost(p.cwd, p.args('hooks', 'test', 'preTool[0]', lsCall))
    expect(run.code).toBe(0)
    const fed = readFileSync(p.received, 'utf8')
    expect(JSON.parse(fed)).toEqual({
      event: 'pre_tool',
      toolId: 'builtin:system.shell',
      alias: 'system_shell',
      callId: 'call_hooks_test',
      input: { command: 'ls' },
      runId: 'run_hooks_test',
      invocationId: 'inv_hooks_test',
    })
    expect(run.stdout).toContain(`with:\n${JSON.stringify(JSON.parse(fed), null, 2)}\n`)
    expect(run.stdout).toContain('exit code 0\ndecision: allow\nreason: read-only command\n')
  })

  it('reports a block (exit 2) with its reason, a hook found by its command name and input from stdin', async () => {
    const p = project()
    const run = await toolhost(p.cwd, p.args('hooks', 'test', 'guard.sh', '-'), {
      stdin: JSON.stringify({ toolId: 'builtin:system.shell', input: { command: 'rm -rf build' } }),
    })
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('exit code 2: blocks\nreason: rm is not allowed here\nthe host denies the call\n')
  })

  it('reports a failing hook (exit 1) and what the host makes of it', async () => {
    const p = project()
    const run = await toolhost(p.cwd, p.args('hooks', 'test', 'preTool[1]', lsCall))
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('hook failed: it exited with code 3: boom\nthe host denies the call')
  })

  it('runs a post-tool hook with a result and notes a match that would not run it', async () => {
    const p = project()
    const post = await toolhost(
      p.cwd,
      p.args(
        'hooks',
        'test',
        'postTool[0]',
        JSON.stringify({ toolId: 'builtin:dice.roll', result: { content: '7', isError: false } }),
      ),
    )
    expect(post.code).toBe(0)
    expect(post.stdout).toContain('exit code 0\nblock: no\nadditionalContext: checked by note.sh\n')
    const elsewhere = await toolhost(p.cwd, p.args('hooks', 'test', 'preTool[0]', '{"toolId":"builtin:dice.roll"}'))
    expect(elsewhere.stderr).toContain(
      'note: the host would not run this hook for builtin:dice.roll: its match is builtin:system.*',
    )
  })

  it('refuses an unknown hook or an input that is not a hook input, saying what is there (exit 2)', async () => {
    const p = project()
    const unknown = await toolhost(p.cwd, p.args('hooks', 'test', 'preTool[5]', lsCall))
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/no hook preTool\[5\] in profile hooked; its hooks: preTool\[0\] \(\S+guard\.sh\)/)
    const bad = await toolhost(p.cwd, p.args('hooks', 'test', 'preTool[0]', '{"input":{}}'))
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('the hook input needs "toolId"')
    expect(() => readFileSync(p.received)).toThrow()
  })
})

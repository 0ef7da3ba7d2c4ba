import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { run, setup } from './__fixtures__/shell-setup.js'
import { shellTool } from './shell.js'

describe('workspace.shell basics', () => {
  const { ctx, root } = setup()

  it('runs a command and reports the exit code and output', async () => {
    const output = await run(ctx, 'echo hi')
    expect(output.content).toBe('Exit code: 0\nhi\n')
    expect(output.structured).toMatchObject({ exitCode: 0, stdoutBytes: 3, stderrBytes: 0, truncated: false })
    expect(output.structured?.durationMs).toEqual(expect.any(Number))
  })

  it('runs pipes and keeps stdout and stderr in order', async () => {
    expect((await run(ctx, "printf 'b\\na\\nc\\n' | sort | head -2")).content).toBe('Exit code: 0\na\nb\n')
    expect((await run(ctx, 'echo a; echo b >&2; ls /missing; echo c')).content).toBe(
      'Exit code: 0\na\nb\nls: /missing: No such file or directory\nc\n',
    )
  })

  it('returns a non-zero exit as an ordinary result', async () => {
    const output = await run(ctx, 'echo partial; exit 3')
    expect(output.content).toBe('Exit code: 3\npartial\n')
    expect(output.structured?.exitCode).toBe(3)
    const syntax = await run(ctx, 'if then')
    expect(syntax.structured?.exitCode).toBe(2)
    expect(syntax.content).toContain('syntax error')
  })

  it('keeps files between calls but not variables, functions or the working directory', async () => {
    await run(ctx, 'X=5; f() { echo f; }; mkdir -p keep/sub; echo data > keep/file.txt; cd keep/sub')
    expect(readFileSync(join(root, 'keep/file.txt'), 'utf8')).toBe('data\n')
    const output = await run(ctx, 'echo "[$X]"; pwd; type f >/dev/null 2>&1 || echo no-f; cat keep/file.txt')
    expect(output.content).toBe('Exit code: 0\n[]\n/\nno-f\ndata\n')
  })

  it('starts in workdir and refuses a missing or escaping one', async () => {
    mkdirSync(join(root, 'sub/deeper'), { recursive: true })
    expect((await run(ctx, { command: 'pwd', workdir: 'sub' })).content).toBe('Exit code: 0\n/sub\n')
    expect((await run(ctx, { command: 'pwd', workdir: '/sub/deeper' })).content).toBe('Exit code: 0\n/sub/deeper\n')
    expect((await run(ctx, { command: 'pwd', workdir: 'tool-results' })).content).toBe('Exit code: 0\n/tool-results\n')
    await expect(run(ctx, { command: 'pwd', workdir: 'nope' })).rejects.toMatchObject({ code: 'shell.invalid_workdir' })
    await expect(run(ctx, { command: 'pwd', workdir: '../..' })).rejects.toMatchObject({
      code: 'workspace.path_outside',
    })
    await expect(run(ctx, { command: 'pwd', workdir: `${root}/..` })).rejects.toMatchObject({
      code: 'workspace.path_outside',
    })
    // A host path inside the workspace names the same folder.
    expect((await run(ctx, { command: 'pwd', workdir: join(root, 'sub', 'deeper') })).content).toBe(
      'Exit code: 0\n/sub/deeper\n',
    )
    expect((await run(ctx, { command: 'pwd', workdir: root })).content).toBe('Exit code: 0\n/\n')
  })

  it('shows /dev/null as an empty sink without creating it on the host', async () => {
    expect((await run(ctx, 'echo gone > /dev/null; cat /dev/null; echo ok')).content).toBe('Exit code: 0\nok\n')
    expect(existsSync(join(root, 'dev'))).toBe(false)
  })
})

describe('workspace.shell definition', () => {
  it('claims the whole workspace, matches rules by command and renders its use and result', () => {
    const input = { command: 'ls -la' }
    expect(shellTool.name).toBe('workspace.shell')
    expect(shellTool.annotations).toEqual({ readOnly: false, destructive: true })
    expect(shellTool.timeoutMs).toBe(600_000)
    expect(shellTool.resources?.(input)).toEqual([{ kind: 'workspace', access: 'write' }])
    expect(shellTool.permissionSubject?.(input)).toEqual({ kind: 'command', command: 'ls -la' })
    expect(shellTool.renderToolUseMessage?.(input)).toBe('$ ls -la')
    expect(shellTool.renderToolResultMessage?.({ content: '', structured: { exitCode: 2 } })).toBe('exit 2')
    const description = (offered: boolean): string => {
      if (typeof shellTool.description === 'string') throw new Error('the description names tools by alias')
      return shellTool.description({
        alias: (id) => id.replace(/^builtin:/, '').replace('.', '_'),
        has: () => offered,
        scope: 'session',
        protocol: 'openai-responses',
      })
    }
    expect(description(false)).toMatch(/^Run a bash script/)
    expect(description(false)).toContain('host programs (git, npm, pip, compilers), `/tmp`')
    expect(description(false)).toContain('read it with shell_output, stop it with shell_kill')
    expect(description(true)).toContain(
      'host programs (git, npm, pip, compilers) (run those with system_shell), `/tmp`',
    )
  })

  it('validates timeout_ms and command through the schema', async () => {
    const validate = shellTool.inputSchema['~standard'].validate
    expect(await validate({ command: 'ls', timeout_ms: 600_000 })).toEqual({
      value: { command: 'ls', timeout_ms: 600_000 },
    })
    expect((await validate({ command: 'ls', timeout_ms: 600_001 })).issues).toBeDefined()
    expect((await validate({ command: '' })).issues).toBeDefined()
  })
})

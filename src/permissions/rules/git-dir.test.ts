import { describe, expect, it } from 'vitest'
import type { PermissionMode } from '../../profile/profile-schema.js'
import type { PermissionSubject } from '../../tool/define-tool.js'
import { evaluatePermission } from './evaluate-permission.js'
import { isInGitDir, shellWritePaths } from './git-dir.js'

const verdict = (
  toolId: string,
  subject: PermissionSubject,
  allow: string[],
  mode: PermissionMode = 'default',
  deny: string[] = [],
) => evaluatePermission({ mode, allow, ask: [], deny }, { toolId, readOnly: false, subject })

const fileWrite = (path: string): PermissionSubject => ({ kind: 'path', paths: [path], access: 'write' })
const command = (text: string): PermissionSubject => ({ kind: 'command', command: text })

describe('writes into .git always ask', () => {
  it.each([
    '.git/hooks/pre-commit',
    '.git/config',
    '.git',
    './.git/HEAD',
    'sub/.git/hooks/post-checkout',
    '.GIT/config',
    '.git./config',
    'a/../.git/info/attributes',
  ])('file tools writing %s', (path) => {
    for (const mode of ['default', 'acceptEdits', 'bypass'] as const) {
      const result = verdict(
        'builtin:workspace.write_file',
        fileWrite(path),
        ['builtin:workspace.write_file', 'builtin:workspace.write_file(**)'],
        mode,
      )
      expect(result.behavior, `${path} in ${mode}`).toBe('ask')
      expect(result.reason).toContain('.git')
    }
  })

  it('deny rules still deny, and reads and look-alike names are not affected', () => {
    expect(
      verdict('builtin:workspace.write_file', fileWrite('.git/config'), [], 'bypass', [
        'builtin:workspace.write_file(.git/**)',
      ]).behavior,
    ).toBe('deny')
    expect(
      evaluatePermission(
        { mode: 'default', allow: ['builtin:workspace.read_file'], ask: [], deny: [] },
        {
          toolId: 'builtin:workspace.read_file',
          readOnly: true,
          subject: { kind: 'path', paths: ['.git/config'], access: 'read' },
        },
      ).behavior,
    ).toBe('allow')
    for (const path of ['.github/workflows/ci.yml', 'my.git/config', '.gitignore', 'src/.gitkeep']) {
      expect(
        verdict('builtin:workspace.write_file', fileWrite(path), ['builtin:workspace.write_file'], 'bypass').behavior,
        path,
      ).toBe('allow')
    }
  })

  it.each([
    'echo "#!/bin/sh" > .git/hooks/pre-commit',
    'echo x >> ./.git/config',
    'printf x | tee .git/hooks/post-checkout',
    'cp evil.sh .git/hooks/pre-commit',
    'mv evil.sh .git/hooks/pre-push',
    'cp -t .git/hooks evil.sh',
    'install --target-directory=.git/hooks evil.sh',
    'ln -s ../../evil.sh .git/hooks/pre-commit',
    'dd if=evil.sh of=.git/hooks/pre-commit',
    'sed -i s/a/b/ .git/config',
    'git config core.hooksPath hooks',
    'git config alias.st "!sh evil.sh"',
    'git -C . config --add core.fsmonitor evil.sh',
    'bash -c "echo x > .git/config"',
  ])('the shell: %s', (text) => {
    const result = verdict('builtin:workspace.shell', command(text), ['builtin:workspace.shell(*)'], 'bypass')
    expect(result.behavior).toBe('ask')
  })

  it('git config that only reads asks nothing', () => {
    for (const text of ['git config --get user.name', 'git config --list', 'git config -l']) {
      expect(
        verdict('builtin:workspace.shell', command(text), ['builtin:workspace.shell(*)'], 'bypass').behavior,
        text,
      ).toBe('allow')
    }
  })

  it('knows a .git segment in any spelling', () => {
    expect(isInGitDir('.git')).toBe(true)
    expect(isInGitDir('C:\\repo\\.git\\config')).toBe(true)
    expect(isInGitDir('/abs/ws/.git/hooks/x')).toBe(true)
    expect(isInGitDir('.gitattributes')).toBe(false)
    expect(isInGitDir('x.git')).toBe(false)
  })
})

describe('commands run by su -c', () => {
  it('ask even when every command is allowed, as sudo does', () => {
    for (const text of ['su -c ls', 'su root -c "ls -la"', 'su - root -c ls']) {
      expect(
        verdict('builtin:workspace.shell', command(text), ['builtin:workspace.shell(*)'], 'bypass').behavior,
        text,
      ).toBe('ask')
    }
  })
})

describe('shellWritePaths', () => {
  it('lists redirection targets, the files writing programs name, and directories the command moves into', () => {
    expect(shellWritePaths('echo x > a && cp -r b c 2>> log; cd d && tee --append=e < f')).toEqual([
      'a',
      'log',
      'b',
      'c',
      'd',
      'e',
    ])
    expect(shellWritePaths('cat a b | grep x')).toEqual([])
  })
})

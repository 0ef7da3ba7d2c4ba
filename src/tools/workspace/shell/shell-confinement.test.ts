import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createWorkspace } from '../../../workspace/create-workspace.js'
import { testCallContext } from '../../../../test/call-context.js'
import { tempDir } from '../../../../test/temp-dir.js'
import { run, setup } from './__fixtures__/shell-setup.js'

describe('workspace.shell confinement', () => {
  const { ctx, root, results } = setup()
  const outside = tempDir('toolhost-shell-outside-')
  writeFileSync(join(outside, 'secret.txt'), 'SECRET\n')

  it('refuses paths past the workspace path limits, as the file tools do', async () => {
    const output = await run(
      ctx,
      `mkdir -p ${'d/'.repeat(2000)}; echo ${'c'.repeat(300)} > ${'c'.repeat(300)}; cat ${'c'.repeat(300)}`,
    )
    expect(output.content).toContain('ENAMETOOLONG')
    expect(output.content).not.toContain(root)
    let depth = 0
    for (let dir = root; readdirSync(dir).includes('d'); dir = join(dir, 'd')) depth++
    expect(depth).toBeLessThanOrEqual(256)
    expect(readdirSync(root).some((name) => name.startsWith('ccc'))).toBe(false)
  })

  it('cannot read above the root', async () => {
    const output = await run(ctx, 'cat ../../etc/passwd; cat /../../etc/passwd; cd ..; pwd')
    expect(output.content).not.toMatch(/root:/)
    expect(output.content).toMatch(/\/\n$/)
  })

  it('lists only the workspace at /', async () => {
    writeFileSync(join(root, 'mine.txt'), 'x')
    const output = await run(ctx, 'cd / && ls')
    expect(output.content).toBe('Exit code: 0\nmine.txt\ntool-results\n')
  })

  it('does not know host paths', async () => {
    const output = await run(ctx, `cat ${join(outside, 'secret.txt')}; ls ${root}; cat /etc/passwd`)
    expect(output.content).not.toContain('SECRET')
    expect(output.content).not.toMatch(/root:/)
    expect(output.structured?.exitCode).not.toBe(0)
  })

  it('keeps symlinks made in the shell inside the workspace', async () => {
    const output = await run(
      ctx,
      'ln -s /etc etc-link; cat etc-link/passwd; ln -s ../../.. up; ls up; cat up/etc/passwd',
    )
    expect(output.content).not.toMatch(/root:/)
    // just-bash rewrites a link's target to stay under the mount's directory.
    for (const name of readdirSync(root)) {
      const path = join(root, name)
      if (lstatSync(path).isSymbolicLink())
        expect(resolve(dirname(path), readlinkSync(path)).startsWith(realpathSync(root))).toBe(true)
    }
  })

  it('refuses to follow host symlinks that lead outside, for reading and writing', async () => {
    symlinkSync(outside, join(root, 'out-dir'))
    symlinkSync(join(outside, 'secret.txt'), join(root, 'out-file'))
    const output = await run(
      ctx,
      'cat out-dir/secret.txt; cat out-file; echo changed > out-file; echo new > out-dir/new.txt; ls out-dir',
    )
    expect(output.content).not.toContain('SECRET')
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('SECRET\n')
    expect(readdirSync(outside)).toEqual(['secret.txt'])
  })

  it('follows symlinks that stay inside', async () => {
    writeFileSync(join(root, 'real.txt'), 'inside\n')
    symlinkSync('real.txt', join(root, 'alias.txt'))
    expect((await run(ctx, 'cat alias.txt')).content).toBe('Exit code: 0\ninside\n')
  })

  it('refuses every kind of write to a read-only mount and leaves its host directory untouched', async () => {
    const attempts = [
      'echo x > /tool-results/new.txt',
      'echo x >> /tool-results/old.txt',
      'rm /tool-results/old.txt',
      'mv /tool-results/old.txt /moved.txt',
      'touch /tool-results/t.txt',
      'mkdir /tool-results/dir',
      'cp /tool-results/old.txt /tool-results/copy.txt',
      "sed -i 's/kept/gone/' /tool-results/old.txt",
      'echo x | tee /tool-results/tee.txt',
      'ln -s /tool-results/old.txt /tool-results/link',
      'chmod 777 /tool-results/old.txt',
      `python3 -c "open('/tool-results/py.txt', 'w').write('x')"`,
    ]
    for (const command of attempts) {
      const output = await run(ctx, command)
      expect(output.structured?.exitCode, command).not.toBe(0)
    }
    expect(readdirSync(results)).toEqual(['old.txt'])
    expect(readFileSync(join(results, 'old.txt'), 'utf8')).toBe('kept\n')
    expect((await run(ctx, 'cat /tool-results/old.txt')).content).toBe('Exit code: 0\nkept\n')
  })

  it('refuses writes into a read-only mount whose host directory lies inside the root', async () => {
    const project = tempDir('toolhost-shell-project-')
    mkdirSync(join(project, '.runs/results'), { recursive: true })
    writeFileSync(join(project, '.runs/results/r.txt'), 'result\n')
    const workspace = createWorkspace([
      { at: '', hostDir: project, access: 'read-write' },
      { at: 'tool-results', hostDir: join(project, '.runs/results'), access: 'read-only' },
    ])
    const nested = testCallContext({ workspace })
    expect((await run(nested, 'cat .runs/results/r.txt')).content).toBe('Exit code: 0\nresult\n')
    for (const command of [
      'echo x > .runs/results/r.txt',
      'rm .runs/results/r.txt',
      'ln .runs/results/r.txt hard.txt',
      'cd .runs && ln -s results/r.txt l && echo x > l',
    ]) {
      expect((await run(nested, command)).structured?.exitCode, command).not.toBe(0)
    }
    expect(readFileSync(join(project, '.runs/results/r.txt'), 'utf8')).toBe('result\n')
    await run(nested, 'echo ok > top.txt')
    expect(readFileSync(join(project, 'top.txt'), 'utf8')).toBe('ok\n')
  })
})

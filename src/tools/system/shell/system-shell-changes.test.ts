import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import { stopBackgroundCommands } from '../../background/index.js'
import { describeWithSandbox, run, setup, setupIn } from './__fixtures__/system-setup.js'

describeWithSandbox('system.shell reports what a command changed', () => {
  it('names changed files with counts for the model and keeps the diff for people', async () => {
    const { ctx, root } = setup()
    mkdirSync(join(root, 'src'))
    writeFileSync(join(root, 'src', 'a.ts'), 'one\ntwo\n')
    writeFileSync(join(root, 'gone.md'), 'bye\n')
    writeFileSync(join(root, '.gitignore'), 'build/\n')
    const output = await run(
      ctx,
      'printf "one\\n2\\nthree\\n" > src/a.ts; rm gone.md; echo new > b.txt; mkdir build; echo x > build/out',
    )
    expect(output.content).toBe(
      'Exit code: 0\n(no output)\n\nChanged 3 files: b.txt (new, +1), gone.md (deleted), src/a.ts (+2 −1).',
    )
    const changes = output.structured?.changes as { files: unknown[]; patch: string }
    expect(changes.files).toHaveLength(3)
    expect(changes.patch).toContain('-two\n+2\n+three')
    expect(changes.patch).toContain('+++ b/b.txt')
  })

  it('leaves toolhost data directory out when it lies in the workspace, as it does by default', async () => {
    const root = tempDir('toolhost-system-root-')
    const { ctx, runDir } = setupIn(join(root, '.toolhost'), root)
    afterAll(() => stopBackgroundCommands(runDir))
    const output = await run(ctx, 'echo a > a.txt')
    expect(output.content).toBe('Exit code: 0\n(no output)\n\nChanged 1 file: a.txt (new, +1).')
  })

  it('says nothing when nothing changed, and leaves the workspace repository alone', async () => {
    const { ctx } = setup()
    await run(
      ctx,
      'git init -q -b main && echo a > a && git add a && git -c user.name=T -c user.email=t@e commit -qm a',
    )
    const output = await run(ctx, 'git status --porcelain; ls')
    expect(output.content).toBe('Exit code: 0\na\n')
    expect(output.structured?.changes).toMatchObject({ files: [] })
  })
})

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { testCallContext } from '../../../../test/call-context.js'
import { run, setup } from './__fixtures__/shell-setup.js'

describe('workspace.shell limits', () => {
  const { ctx, root } = setup()

  it('stops a busy loop at timeout_ms with shell.timeout', async () => {
    await expect(run(ctx, { command: 'while true; do :; done', timeout_ms: 300 })).rejects.toMatchObject({
      code: 'shell.timeout',
      message: expect.stringContaining('300 ms'),
    })
    // The next call gets a working sandbox.
    expect((await run(ctx, 'echo after')).content).toBe('Exit code: 0\nafter\n')
  })

  it('shows the output so far when a waiting command times out', async () => {
    const error = await run(ctx, { command: 'echo before; sleep 30', timeout_ms: 300 }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ code: 'shell.timeout' })
    expect((error as Error).message).toMatch(/Output before it was stopped:\nbefore\n$/)
  })

  it('stops python3 and js-exec loops too', async () => {
    await expect(run(ctx, { command: 'python3 -c "while True: pass"', timeout_ms: 500 })).rejects.toMatchObject({
      code: 'shell.timeout',
    })
    await expect(run(ctx, { command: 'js-exec -c "while (true) {}"', timeout_ms: 500 })).rejects.toMatchObject({
      code: 'shell.timeout',
    })
  })

  it('is cancelled by the call signal, also before it starts', async () => {
    const controller = new AbortController()
    const cancellable = testCallContext({ workspace: ctx.workspace, signal: controller.signal })
    const looping = run(cancellable, 'echo > looping; while true; do :; done')
    // Cancelled once the command runs (its file is there); the bound only guards a hang.
    await vi.waitFor(() => expect(existsSync(join(root, 'looping'))).toBe(true), { timeout: 10_000, interval: 5 })
    controller.abort()
    await expect(looping).rejects.toMatchObject({ code: 'shell.cancelled' })
    await expect(run(cancellable, 'echo never')).rejects.toMatchObject({ code: 'shell.cancelled' })
  })

  // Floods move megabytes through the shell engine: one per test, each its own time on a busy machine.
  it('survives an output flood and reports its size', async () => {
    const flood = await run(ctx, 'yes | head -c 5000000')
    expect(flood.content.length).toBe('Exit code: 0\n'.length + 5_000_000)
    expect(flood.structured).toMatchObject({ exitCode: 0, stdoutBytes: 5_000_000, truncated: true })
  })

  it('survives a flood on one line', async () => {
    const line = await run(ctx, "yes x | head -c 2000000 | tr -d '\\n'")
    expect(line.content).toBe(`Exit code: 0\n${'x'.repeat(1_000_000)}`)
  })

  it('stops output past the engine cap', async () => {
    const capped = await run(ctx, 'yes; yes')
    expect(capped.structured?.exitCode).not.toBe(0)
    expect(capped.content).toMatch(/output size exceeded/)
  })

  it('turns binary output into visible text', async () => {
    const output = await run(ctx, "printf 'a\\x00b\\x1b\\xff'")
    expect(output.content).toBe('Exit code: 0\na\u2400b\u241b\u00ff')
  })
})

describe('workspace.shell runtimes', () => {
  const { ctx, root } = setup()

  it('runs python3 over the workspace files', async () => {
    writeFileSync(join(root, 'numbers.txt'), '1\n2\n3\n')
    const output = await run(
      ctx,
      `python3 -c "print(sum(int(l) for l in open('numbers.txt'))); open('py-out.txt', 'w').write('from python')"`,
    )
    expect(output.content).toBe('Exit code: 0\n6\n')
    expect(readFileSync(join(root, 'py-out.txt'), 'utf8')).toBe('from python')
  })

  it('runs JavaScript with js-exec', async () => {
    const output = await run(ctx, `js-exec -c "console.log([1, 2, 3].map((x) => x * 2).join(','))"`)
    expect(output.content).toBe('Exit code: 0\n2,4,6\n')
  })

  it('runs sqlite3 on a database file in the workspace', async () => {
    const output = await run(
      ctx,
      `sqlite3 data.db "create table t(x); insert into t values (1), (2);" && sqlite3 data.db "select sum(x) from t"`,
    )
    expect(output.content).toBe('Exit code: 0\n3\n')
    expect(existsSync(join(root, 'data.db'))).toBe(true)
  })

  it('runs jq', async () => {
    expect((await run(ctx, `echo '{"a": [1, 2, 3]}' | jq '.a | add'`)).content).toBe('Exit code: 0\n6\n')
  })
})

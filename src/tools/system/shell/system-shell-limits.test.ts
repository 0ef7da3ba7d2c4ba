import { expect, it } from 'vitest'
import { processesWith } from './__fixtures__/host-processes.js'
import { describeWithSandbox, run, setup } from './__fixtures__/system-setup.js'

describeWithSandbox('system.shell bounds what a command starts and uses', () => {
  const { ctx } = setup({ memoryMb: 256, cpuSeconds: 2 })

  it('kills what the command left running, however it was detached', async () => {
    const output = await run(
      ctx,
      '(sleep 987601 &); setsid sleep 987602 & nohup sleep 987603 >/dev/null 2>&1 & disown; echo started',
    )
    expect(output.content).toBe('Exit code: 0\nstarted\n')
    for (const marker of ['sleep 987601', 'sleep 987602', 'sleep 987603']) expect(processesWith(marker)).toEqual([])
  })

  it('sees only its own processes', async () => {
    const output = await run(ctx, 'ls /proc | grep -c "^[0-9]"')
    // bubblewrap's init, bash, ls and grep.
    expect(Number(output.content.split('\n')[1])).toBeLessThanOrEqual(5)
  })

  it('stops a command that exhausts its memory, and the host goes on', async () => {
    const output = await run(
      ctx,
      `python3 -c 'b = bytearray(1024 ** 3)'; echo "python=$?"; node -e 'const a = []; for (;;) a.push(Buffer.alloc(1e7, 1))' 2>&1 | tail -1; echo "node=\${PIPESTATUS[0]}"`,
    )
    expect(output.content).toContain('MemoryError')
    expect(output.content).toMatch(/python=1\n/)
    expect(output.content).not.toMatch(/node=0\n/)
    expect((await run(ctx, 'echo still here')).content).toBe('Exit code: 0\nstill here\n')
  })

  it('kills a process past its CPU time', async () => {
    const output = await run(ctx, 'bash -c "while :; do :; done"; echo "rc=$?"')
    // SIGXCPU (24) ends it: 128 + 24.
    expect(output.content).toMatch(/CPU time limit exceeded.*\nrc=152\n/s)
  })

  it('stops a command that floods its output, keeping the start of it', async () => {
    const error = await run(ctx, 'yes flood-line; echo never').catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'shell.output_limit' })
    expect(String((error as Error).message)).toContain('flood-line')
    expect(processesWith('yes flood-line')).toEqual([])
  })

  it('stops a command at its time-out with what it wrote so far', async () => {
    const error = await run(ctx, { command: 'echo before; sleep 987604', timeout_ms: 300 }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ code: 'shell.timeout' })
    expect(String((error as Error).message)).toContain('before')
    expect(processesWith('sleep 987604')).toEqual([])
  })

  it('stops a cancelled command', async () => {
    const controller = new AbortController()
    const running = run({ ...ctx, signal: controller.signal }, 'sleep 987605')
    setTimeout(() => controller.abort(), 100)
    await expect(running).rejects.toMatchObject({ code: 'shell.cancelled' })
    expect(processesWith('sleep 987605')).toEqual([])
  })
})

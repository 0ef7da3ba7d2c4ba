import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import type { ToolCallContext, ToolOutput } from '../../../tool/define-tool.js'
import { tempDir } from '../../../../test/temp-dir.js'
import { stopBackgroundCommands } from '../../background/index.js'
import { shellKillTool } from '../../background/kill.js'
import { shellOutputTool } from '../../background/output.js'
import { shellTool } from '../../workspace/shell/shell.js'
import { processesWith, untilNoProcessWith } from './__fixtures__/host-processes.js'
import { describeWithSandbox, run, setup } from './__fixtures__/system-setup.js'

async function output(ctx: ToolCallContext, taskId: string, waitMs = 0): Promise<ToolOutput> {
  return shellOutputTool.call({ task_id: taskId, wait_ms: waitMs }, ctx) as Promise<ToolOutput>
}

/** Reads a task's output until `pattern` shows, or it ends. */
async function outputUntil(ctx: ToolCallContext, taskId: string, pattern: RegExp): Promise<string> {
  let seen = ''
  for (;;) {
    const read = await output(ctx, taskId, 2_000)
    seen += read.content
    if (pattern.test(seen) || read.structured?.status !== 'running') return seen
  }
}

describeWithSandbox('background commands', () => {
  it('serves on loopback in the background, reached by a later call, read and killed', async () => {
    const { ctx } = setup()
    const started = await run(ctx, {
      command: 'python3 -u -m http.server 8765 --bind 127.0.0.1',
      run_in_background: true,
    })
    expect(started.structured).toMatchObject({ taskId: 'bg_1', status: 'pending' })
    expect(started.content).toContain('bg_1')
    const polled = await run(
      ctx,
      'for i in $(seq 300); do curl -sf -o /dev/null http://127.0.0.1:8765/ && echo reached && break; sleep 0.1; done',
    )
    expect(polled.content).toBe('Exit code: 0\nreached\n')
    const log = await outputUntil(ctx, 'bg_1', /GET \/ HTTP/)
    expect(log).toContain('bg_1 (`python3 -u -m http.server 8765 --bind 127.0.0.1`) is running')
    expect(log).toMatch(/"GET \/ HTTP\/1\.1" 200/)
    const killed = (await shellKillTool.call({ task_id: 'bg_1' }, ctx)) as ToolOutput
    expect(killed.structured).toEqual({ taskId: 'bg_1', status: 'killed' })
    expect(processesWith('http.server 8765')).toEqual([])
    expect((await output(ctx, 'bg_1')).content).toMatch(
      /^bg_1 .* was stopped after .*: stopped by builtin:shell\.kill\./,
    )
  })

  it('reports the exit code once done, and new output only once', async () => {
    const { ctx } = setup()
    await run(ctx, { command: 'echo first; sleep 0.2; echo second; exit 3', run_in_background: true })
    const all = await outputUntil(ctx, 'bg_1', /exited with code 3/)
    expect(all).toContain('first\n')
    const final = await output(ctx, 'bg_1', 5_000)
    expect(final.structured).toMatchObject({ status: 'exited', exitCode: 3 })
    expect(final.content).toContain('No new output.')
  })

  it('keeps long output in the tool results and shows head and tail', async () => {
    const { ctx, runDir } = setup()
    await run(ctx, { command: 'seq 1 20000', run_in_background: true })
    // Read only once all of it was written: read while it runs, each piece may be short enough to show whole.
    const file = join(runDir, 'tool-results', 'background', 'bg_1.log')
    for (let i = 0; i < 600 && !(existsSync(file) && readFileSync(file, 'utf8').endsWith('\n20000\n')); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50))
    const seen = await outputUntil(ctx, 'bg_1', /exited/)
    expect(seen).toContain('characters cut; full output in tool-results/background/bg_1.log')
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(20_001)
  })

  it('limits how many run at once, and stops them all when the run ends', async () => {
    const { ctx, runDir } = setup({ maxBackground: 2 })
    await run(ctx, { command: 'sleep 987701', run_in_background: true })
    await run(ctx, { command: 'sleep 987702', run_in_background: true })
    await expect(run(ctx, { command: 'sleep 987703', run_in_background: true })).rejects.toMatchObject({
      code: 'shell.background_limit',
    })
    expect(processesWith('sleep 98770').length).toBeGreaterThanOrEqual(2)
    await stopBackgroundCommands(runDir)
    expect(processesWith('sleep 98770')).toEqual([])
    expect((await output(ctx, 'bg_2')).content).toContain('was stopped after')
    expect((await output(ctx, 'bg_2')).content).toContain('the run ended')
  })

  it('names the tasks a run has when asked for an unknown one', async () => {
    const { ctx } = setup()
    await expect(output(ctx, 'bg_9')).rejects.toMatchObject({ code: 'shell.unknown_task' })
  })

  it('runs workspace.shell scripts in the background too', async () => {
    const { ctx } = setup()
    const started = (await shellTool.call(
      { command: 'echo emulated; exit 4', run_in_background: true },
      {
        ...ctx,
        toolId: 'builtin:workspace.shell',
      },
    )) as ToolOutput
    expect(started.structured).toMatchObject({ taskId: 'bg_1' })
    const seen = await outputUntil(ctx, 'bg_1', /exited/)
    expect(seen).toContain('exited with code 4')
    expect(seen).toContain('emulated')
  })

  it('reports a command lost when its host died, and leaves no process behind', async () => {
    const dataDir = tempDir('toolhost-system-data-')
    const root = tempDir('toolhost-system-root-')
    const script = fileURLToPath(new URL('./__fixtures__/start-background.ts', import.meta.url))
    const loader = fileURLToPath(new URL('../../../../scripts/register-ts.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', loader, script, dataDir, root, 'sleep 987801'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve)
      child.once('exit', (code) => reject(new Error(`the host process ended first, code ${code}`)))
    })
    expect(line).toBe('bg_1')
    expect(processesWith('sleep 987801')).not.toEqual([])
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    // bubblewrap kills the sandbox when its parent dies; that takes a moment.
    await untilNoProcessWith('sleep 987801')
    const { ctx } = (await import('./__fixtures__/system-context.js')).setupIn(dataDir, root)
    const read = await output(ctx, 'bg_1')
    expect(read.structured).toMatchObject({ status: 'lost' })
    expect(read.content).toContain('was not run again')
  })
})

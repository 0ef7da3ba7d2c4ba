/**
 * `workspace.shell` measured against the real programs it emulates: start-up of a trivial command,
 * a jq filter over a 10 MB JSON file, and python3 start-up; and `system.shell` (real bash in the
 * bubblewrap sandbox) against the same bash spawned bare, with and without the report of changed
 * files. Wired into `bench/bench.ts`.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { shellTool } from '../src/tools/workspace/shell/shell.js'
import { systemShellTool } from '../src/tools/system/shell/system-shell.js'
import { sandboxSupport } from '../src/sandbox/detect-sandbox.js'
import { stopBackgroundCommands } from '../src/tools/background/index.js'
import type { ToolOutput } from '../src/tool/define-tool.js'
import { createWorkspace } from '../src/workspace/create-workspace.js'
import { testCallContext } from '../test/call-context.js'

const run = promisify(execFile)

/** Median time of `runs` sequential calls of `fn`, in ms. */
async function median(fn: () => Promise<unknown>, runs: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0
}

/** The real path of a host program (behind shims such as pyenv's), or undefined when it is missing. */
async function hostProgram(name: string, pathOf: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run(name, pathOf)
    return stdout.trim() || name
  } catch {
    return undefined
  }
}

/** About `bytes` of JSON: an array of records with ids, names, scores and tags. */
function generatedJson(bytes: number): string {
  const records: string[] = []
  let size = 2
  for (let id = 0; size < bytes; id++) {
    const record = JSON.stringify({
      id,
      name: `record ${id}`,
      score: (id * 7919) % 100,
      tags: ['alpha', 'beta', 'gamma'].slice(0, (id % 3) + 1),
      active: id % 2 === 0,
    })
    records.push(record)
    size += record.length + 1
  }
  return `[${records.join(',')}]`
}

/**
 * Runs the shell benchmarks in `scratch` and reports each as toolhost time vs reference time (ms,
 * medians). Rows whose reference program is missing on the host are skipped with a note.
 */
export async function shellBench(
  report: (name: string, toolhostMs: number, referenceName: string, referenceMs: number) => void,
  scratch: string,
): Promise<void> {
  const root = join(scratch, 'shell-workspace')
  mkdirSync(root, { recursive: true })
  const ctx = testCallContext({
    toolId: 'builtin:workspace.shell',
    workspace: createWorkspace([{ at: '', hostDir: root, access: 'read-write' }]),
  })
  const shell = async (command: string): Promise<string> => {
    const output = (await shellTool.call({ command }, ctx)) as ToolOutput
    if (output.structured?.exitCode !== 0)
      throw new Error(`shell bench: "${command}" failed: ${output.content.slice(0, 500)}`)
    return output.content.replace(/^Exit code: 0\n/, '')
  }

  // The first call starts an engine; the rows measure warm calls, as an agent's run makes them.
  await shell('echo warm')
  const echo = await median(() => shell('echo hi'), 21)
  report(
    'workspace.shell `echo hi` (warm engine)',
    echo,
    "bash -c 'echo hi', spawned",
    await median(() => run('bash', ['-c', 'echo hi']), 21),
  )

  const jq = await hostProgram('sh', ['-c', 'command -v jq'])
  if (jq === undefined) console.log('shell bench: no jq on this host (apt-get install -y jq); skipping the jq row')
  else {
    writeFileSync(join(root, 'data.json'), generatedJson(10_000_000))
    const filter = '[.[] | select(.score > 50 and .active) | .tags | length] | add'
    const ours = await shell(`jq '${filter}' data.json`)
    const { stdout: theirs } = await run(jq, [filter, join(root, 'data.json')])
    if (ours.trim() !== theirs.trim())
      throw new Error(`shell bench: jq results differ: ${ours.trim()} vs ${theirs.trim()}`)
    report(
      'workspace.shell jq filter over 10 MB of JSON',
      await median(() => shell(`jq '${filter}' data.json`), 5),
      'Debian jq binary',
      await median(() => run(jq, [filter, join(root, 'data.json')]), 5),
    )
  }

  const python = await hostProgram('python3', ['-c', 'import sys; print(sys.executable)'])
  if (python === undefined) console.log('shell bench: no python3 on this host; skipping the python3 row')
  else {
    const command = "python3 -c 'print(1)'"
    report(
      'workspace.shell `' + command + '`',
      await median(() => shell(command), 5),
      'host python3 -c, spawned',
      await median(() => run(python, ['-c', 'print(1)']), 5),
    )
  }

  await systemShellBench(report, scratch)
}

/**
 * `system.shell` per call: the sandbox alone (no run, so no change report), then in a run over a
 * workspace of 1,000 files, where each call also snapshots the workspace before and after.
 */
async function systemShellBench(
  report: (name: string, toolhostMs: number, referenceName: string, referenceMs: number) => void,
  scratch: string,
): Promise<void> {
  const support = await sandboxSupport()
  if (!support.available) {
    console.log(`shell bench: ${support.reason}; skipping the system.shell rows`)
    return
  }
  const root = join(scratch, 'system-workspace')
  for (let index = 0; index < 1_000; index++) {
    const dir = join(root, `dir${index % 50}`)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, `file${index}.ts`), `export const value${index} = ${index}\n`)
  }
  const runDir = join(scratch, 'system-data', 'runs', 'run_bench')
  const workspace = createWorkspace([{ at: '', hostDir: root, access: 'read-write' }])
  const bare = testCallContext({ toolId: 'builtin:system.shell', workspace })
  const inRun = { ...bare, hostDirs: { runDir, stateDir: join(scratch, 'system-data', 'state') } }
  const call = async (ctx: typeof bare, command: string): Promise<void> => {
    const output = (await systemShellTool.call({ command }, ctx)) as ToolOutput
    if (output.structured?.exitCode !== 0) throw new Error(`shell bench: system.shell "${command}" failed`)
  }
  try {
    await call(bare, 'echo warm')
    await call(inRun, 'echo warm')
    const spawned = await median(() => run('bash', ['-c', 'echo hi']), 21)
    report(
      'system.shell `echo hi` (sandbox only)',
      await median(() => call(bare, 'echo hi'), 21),
      "bash -c 'echo hi', spawned",
      spawned,
    )
    report(
      'system.shell `echo hi` in a run, 1,000-file workspace (change report)',
      await median(() => call(inRun, 'echo hi'), 21),
      "bash -c 'echo hi', spawned",
      spawned,
    )
  } finally {
    await stopBackgroundCommands(runDir)
  }
}

import { describe, expect, it, vi } from 'vitest'
import type { CatalogTool } from '../catalog/catalog-tool.js'
import { backgroundSleep, recordOwnPid } from '../spawn/__fixtures__/escapees.js'
import { spawnMarkerName } from '../spawn/marker-sweep.js'
import {
  callTool,
  isAlive,
  processCallContext,
  specDir,
  toolById,
  type SpecDir,
} from './__fixtures__/process-fixtures.js'
import { loadProcessTools } from './load-process-tools.js'

const dir: SpecDir = await specDir()

/** A tool `process/<name>:<name>` running `./<name>.sh` (a `#!/bin/sh` script with `body`). */
async function shellTool(name: string, body: string, specLines = ''): Promise<CatalogTool> {
  await dir.script(`${name}.sh`, body)
  await dir.file(`${name}.yaml`, `name: ${name}\ndescription: Test tool.\ncommand: ./${name}.sh\n${specLines}`)
  const { tools, diagnostics } = await loadProcessTools([dir.path])
  expect(diagnostics).toEqual([])
  return toolById(tools, `process/${name}:${name}`)
}

/** The pids a script wrote to `<name>.pids`, one a line. */
async function pidsOf(name: string): Promise<number[]> {
  return (await dir.read(`${name}.pids`)).split('\n').filter(Boolean).map(Number)
}

async function expectAllGone(name: string): Promise<void> {
  const pids = await pidsOf(name)
  expect(pids.length).toBeGreaterThan(0)
  // A killed process closes its pipes (which ends the call) a moment before it leaves the process
  // table, so a busy machine gets that moment; a survivor would still be there after it.
  for (const pid of pids)
    await vi.waitFor(async () => expect(await isAlive(pid), `process ${pid} of ${name}`).toBe(false), {
      timeout: 5000,
      interval: 10,
    })
}

function call(tool: CatalogTool, input: Record<string, unknown> = {}, signal?: AbortSignal) {
  return callTool(tool, input, processCallContext(signal === undefined ? {} : { signal }))
}

describe('misbehaving process tools', () => {
  it.each([
    ['silent', 'exit 0', 'it printed nothing on stdout (expected one JSON line)'],
    ['garbage', 'echo "hello there"', 'its output is not valid JSON: hello there'],
    [
      'partial',
      `printf '{"type":"res'`,
      'its output is not valid JSON, and the line has no line break at its end, as if cut off: {"type":"res',
    ],
    [
      'chatty',
      `echo '{"type":"result","content":"a"}'; echo '{"type":"result","content":"b"}'`,
      'it printed 2 lines on stdout (expected exactly one JSON line; write logs to stderr)',
    ],
    ['array', `echo '[1,2]'`, 'its output is JSON but not an object: [1,2]'],
    [
      'unknown',
      `echo '{"type":"shell","command":"rm"}'`,
      '"type" must be one of result, http, db, error (got "shell")',
    ],
    [
      'typo',
      `echo '{"type":"db","operation":"write","text":"x","tag":"y"}'`,
      'a db write has an unknown field "tag" (it may have type, operation, state, id, text, tags)',
    ],
    ['content', `echo '{"type":"result","content":3}'`, '"content" of a result must be a text'],
    ['getbody', `echo '{"type":"http","url":"https://a.example/","body":"x"}'`, 'a GET request cannot have a "body"'],
  ])('%s output is process.bad_output naming what is wrong', async (name, body, problem) => {
    const tool = await shellTool(name, `cat > /dev/null\n${body}`)
    await expect(call(tool)).rejects.toMatchObject({
      code: 'process.bad_output',
      message: `This tool gave output the host cannot use (round 1): ${problem}.`,
    })
  })

  it('reports a flood of output as process.output_too_large and stops the process', async () => {
    const tool = await shellTool('flood', `${recordOwnPid('flood.pids')}\nexec yes "a line of garbage"`)
    await expect(call(tool)).rejects.toMatchObject({
      code: 'process.output_too_large',
      message: 'This tool printed more than 1 MiB in round 1, so it was stopped.',
    })
    await expectAllGone('flood')
  })

  it('kills a process group that ignores SIGTERM once the grace has passed', async () => {
    // The background sleep ignores SIGTERM; the script notes it and waits on: only SIGKILL ends them.
    const tool = await shellTool(
      'ignores_term',
      [
        `trap '' TERM`,
        recordOwnPid('ignores_term.pids'),
        backgroundSleep('ignores_term.pids'),
        `trap 'echo TERM >> ignores-term.log' TERM`,
        'wait',
        'wait',
      ].join('\n'),
      'timeout: 0.5\n',
    )
    await expect(call(tool)).rejects.toMatchObject({
      code: 'process.timeout',
      message: 'This tool did not answer within 0.5 s (round 1), so it was stopped.',
    })
    expect(await dir.read('ignores-term.log')).toBe('TERM\n')
    await expectAllGone('ignores_term')
  })

  it('stops the process group when the call is cancelled', async () => {
    const tool = await shellTool(
      'cancelled',
      `${recordOwnPid('cancelled.pids')}\n${backgroundSleep('cancelled.pids')}\nwait`,
    )
    const controller = new AbortController()
    const cancelled = call(tool, {}, controller.signal)
    // Cancelled once the script and its background sleep run (both wrote their pids).
    await vi.waitFor(async () => expect(await pidsOf('cancelled').catch(() => [])).toHaveLength(2), {
      timeout: 10_000,
      interval: 10,
    })
    controller.abort(new Error('run cancelled'))
    await expect(cancelled).rejects.toMatchObject({ code: 'process.cancelled' })
    await expectAllGone('cancelled')
  })

  it('kills what a process leaves running after it answers', async () => {
    const tool = await shellTool(
      'leftover',
      `${backgroundSleep('leftover.pids')}\necho '{"type":"result","content":"done"}'`,
    )
    await expect(call(tool)).resolves.toEqual({ content: 'done' })
    await expectAllGone('leftover')
  })

  it('reports a crash between rounds as process.crashed with the end of stderr', async () => {
    const script = `request=$(cat)
case "$request" in
  *'"round":1'*) echo '{"type":"db","operation":"read","limit":1}' ;;
  *) echo "connecting…" >&2; echo "fatal: the database is gone" >&2; exit 3 ;;
esac`
    const tool = await shellTool('crash', script)
    const error = await call(tool).catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'process.crashed',
      message:
        'This tool failed in round 2 (exit code 3) without giving an answer.\nThe end of its error output:\nconnecting…\nfatal: the database is gone',
      details: { round: 2, exitCode: 3, stderr: 'connecting…\nfatal: the database is gone\n' },
    })
  })

  it('stops after 8 rounds without a result', async () => {
    const tool = await shellTool(
      'endless',
      'cat > /dev/null\necho spawn >> endless.log\necho \'{"type":"db","operation":"read"}\'',
    )
    await expect(call(tool)).rejects.toMatchObject({
      code: 'process.too_many_rounds',
      message: 'This tool asked for more than 8 host operations without giving a result, so it was stopped.',
    })
    expect((await dir.read('endless.log')).trim().split('\n')).toHaveLength(8)
  })

  it('stops at the total time limit across rounds', async () => {
    // Each round takes over half its 2 s timeout, so the total limit (4 × 2 s) comes before the
    // 8-round limit, while a busy machine still has 0.9 s of each round to start the process.
    const tool = await shellTool(
      'slow',
      `cat > /dev/null\n${recordOwnPid('slow.pids')}\nsleep 1.1\necho '{"type":"db","operation":"read"}'`,
      'timeout: 2\n',
    )
    await expect(call(tool)).rejects.toMatchObject({
      code: 'process.timeout',
      message: expect.stringMatching(
        /^This tool did not finish within its total limit of 8 s \(round \d\), so it was stopped\.$/,
      ),
    })
    await expectAllGone('slow')
  })

  it('passes the process’s own error and a start failure on as recoverable errors', async () => {
    const failing = await shellTool(
      'own',
      'cat > /dev/null\necho \'{"type":"error","message":"No such city."}\'\nexit 1',
    )
    await expect(call(failing)).rejects.toMatchObject({ code: 'process.tool_error', message: 'No such city.' })
    await dir.file('absent.yaml', 'name: absent\ndescription: Test.\ncommand: [toolhost-no-such-program]\n')
    const absent = toolById((await loadProcessTools([dir.path])).tools, 'process/absent:absent')
    await expect(call(absent)).rejects.toMatchObject({
      code: 'process.spawn_failed',
      message: expect.stringContaining('This tool could not be started: spawn toolhost-no-such-program ENOENT'),
    })
  })
})

describe('what a process tool is given', () => {
  it('gets a scrubbed environment, its spec directory as cwd and one request line per round', async () => {
    await dir.file(
      'inspect.mjs',
      `import { text } from 'node:stream/consumers'
const request = JSON.parse(await text(process.stdin))
// Without a PID namespace a marker variable tracks the tool's processes; it is no part of what the tool is given.
const { ${spawnMarkerName}: marker, ...env } = process.env
if (request.round === 1) console.log(JSON.stringify({ type: 'db', operation: 'search', query: 'x', state: { step: 1 } }))
else console.log(JSON.stringify({ type: 'result', content: 'ok', structured: { env, cwd: process.cwd(), request } }))`,
    )
    await dir.file(
      'inspect.yaml',
      `name: inspect
description: Shows what it gets.
command: [node, inspect.mjs]
parameters:
  word: { type: string, default: hello }
env:
  pass: [PASSED, DEFAULTED]
  set: { FIXED: 8080, DEFAULTED: default }
`,
    )
    const hostEnv = {
      PATH: process.env.PATH,
      HOME: '/home/someone',
      LANG: 'C.UTF-8',
      SECRET_TOKEN: 'secret',
      PASSED: 'from host',
    }
    const tool = toolById((await loadProcessTools([dir.path], { hostEnv })).tools, 'process/inspect:inspect')
    const output = await call(tool)
    expect(output.structured).toEqual({
      env: {
        PATH: process.env.PATH,
        HOME: '/home/someone',
        LANG: 'C.UTF-8',
        PASSED: 'from host',
        FIXED: '8080',
        DEFAULTED: 'default',
      },
      cwd: dir.path,
      request: { arguments: { word: 'hello' }, round: 2, response: { matches: [] }, state: { step: 1 } },
    })
  })
})

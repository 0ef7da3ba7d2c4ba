import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { backgroundSleep, recordOwnPid } from '../../spawn/__fixtures__/escapees.js'
import { postInput, preInput, scriptDir, type ScriptDir } from './__fixtures__/scripts.js'
import { goneWithin, isAlive } from '../../spawn/__fixtures__/process-liveness.js'
import { runPostToolHooks } from './run-post-tool-hooks.js'
import { runPreToolHooks } from './run-pre-tool-hooks.js'

let dir: ScriptDir
beforeAll(async () => void (dir = await scriptDir()))
afterAll(() => dir.remove())

const live = new AbortController().signal
const pre = async (command: string, options: { args?: string[]; timeoutMs?: number } = {}) =>
  runPreToolHooks({ preTool: [{ command, ...options }] }, preInput(), live)

describe('pre-tool command hooks', () => {
  it('denies on exit 2 with stderr as the reason', async () => {
    const hook = await dir.script('block.sh', `echo "rm is not allowed here" >&2\nexit 2`)
    expect(await pre(hook)).toEqual({ decision: 'deny', reason: 'rm is not allowed here', hook: `preTool[0] ${hook}` })
  })

  it('denies on exit 2 with a default reason when stderr is empty', async () => {
    const hook = await dir.script('block-quiet.sh', 'exit 2')
    expect((await pre(hook)).reason).toBe(`The pre-tool hook preTool[0] ${hook} blocked this call.`)
  })

  it('takes deny, ask and allow answers from JSON on stdout', async () => {
    const deny = await dir.script('deny.sh', `echo '{"decision":"deny","reason":"outside the project"}'`)
    const ask = await dir.script('ask.sh', `echo '{"decision":"ask","reason":"touches secrets"}'`)
    const allow = await dir.script('allow.sh', `echo '{"decision":"allow"}'`)
    expect(await pre(deny)).toMatchObject({ decision: 'deny', reason: 'outside the project' })
    expect(await pre(ask)).toMatchObject({ decision: 'ask', reason: 'touches secrets' })
    expect(await pre(allow)).toEqual({ decision: 'allow', hook: `preTool[0] ${allow}` })
  })

  it('has no opinion when it exits 0 without output', async () => {
    expect(await pre(await dir.script('silent.sh', 'exit 0'))).toEqual({ decision: 'none' })
  })

  it('receives the hook input as JSON on stdin', async () => {
    const hook = await dir.script('record.sh', `cat > "${dir.path}/stdin.json"`)
    await pre(hook)
    expect(JSON.parse(await dir.read('stdin.json'))).toEqual(preInput())
  })

  it('replaces the input, computed from stdin by a node process', async () => {
    const script = `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const h=JSON.parse(s);process.stdout.write(JSON.stringify({updatedInput:{...h.input,command:h.input.command+' -la'}}))})`
    const result = await pre(process.execPath, { args: ['-e', script] })
    expect(result).toEqual({ decision: 'none', updatedInput: { command: 'ls -la' } })
  })

  it('passes arguments without a shell', async () => {
    const hook = await dir.script('echo-arg.sh', `printf '%s' "$1" >&2\nexit 2`)
    const literal = 'x; echo pwned $(whoami) > /tmp/nope'
    expect((await pre(hook, { args: [literal] })).reason).toBe(literal)
  })

  it('treats invalid JSON, other exit codes and missing commands as failures that deny', async () => {
    const invalid = await pre(await dir.script('garbage.sh', 'echo "not json"'))
    expect(invalid).toMatchObject({ decision: 'deny' })
    expect(invalid.reason).toMatch(/^hook failed: preTool\[0\] .*garbage\.sh printed output that is not valid JSON$/)
    const crashed = await pre(await dir.script('crash.sh', 'echo "config missing" >&2\nexit 1'))
    expect(crashed.reason).toMatch(/crash\.sh exited with code 1: config missing$/)
    const missing = await pre(`${dir.path}/does-not-exist`)
    expect(missing).toMatchObject({ decision: 'deny' })
    expect(missing.reason).toContain('could not be started')
    const array = await pre(await dir.script('array.sh', `echo '["deny"]'`))
    expect(array.reason).toContain('something other than a JSON object')
  })

  it('kills a hook that overruns its timeout together with its children', async () => {
    const hook = await dir.script(
      'slow.sh',
      `${backgroundSleep(`${dir.path}/child.pid`)}\n${recordOwnPid(`${dir.path}/shell.pid`)}\nwait`,
    )
    const result = await pre(hook, { timeoutMs: 1000 })
    expect(result).toMatchObject({
      decision: 'deny',
      reason: `hook failed: preTool[0] ${hook} timed out after 1000 ms`,
    })
    expect(await isAlive(process.pid)).toBe(true)
    for (const name of ['shell.pid', 'child.pid']) expect(await goneWithin(Number(await dir.read(name)))).toBe(true)
  })

  it('kills processes a hook leaves behind when it exits', async () => {
    const hook = await dir.script('leaves-child.sh', `${backgroundSleep(`${dir.path}/orphan.pid`)}\nexit 0`)
    expect(await pre(hook)).toEqual({ decision: 'none' })
    expect(await goneWithin(Number(await dir.read('orphan.pid')))).toBe(true)
  })

  it('bounds what it reads: oversized stdout fails, oversized stderr is cut', async () => {
    const loud = await pre(await dir.script('loud.sh', `head -c 200000 /dev/zero | tr '\\0' a`))
    expect(loud.reason).toContain('wrote more than 65536 bytes to stdout')
    const noisy = await pre(await dir.script('noisy.sh', `head -c 200000 /dev/zero | tr '\\0' b >&2\nexit 2`))
    expect(noisy.decision).toBe('deny')
    expect(noisy.reason).toBe(`${'b'.repeat(65536)}…`)
  })

  it('kills the hook and rejects when the run is cancelled', async () => {
    const hook = await dir.script('wait.sh', `${recordOwnPid(`${dir.path}/cancel.pid`)}\nexec sleep 30`)
    const controller = new AbortController()
    const reason = new Error('run cancelled')
    const running = runPreToolHooks({ preTool: [{ command: hook }] }, preInput(), controller.signal)
    await vi.waitFor(async () => expect(await dir.read('cancel.pid').then(Boolean, () => false)).toBe(true), {
      timeout: 30_000,
      interval: 20,
    })
    controller.abort(reason)
    await expect(running).rejects.toBe(reason)
    expect(await goneWithin(Number(await dir.read('cancel.pid')))).toBe(true)
  })
})

describe('post-tool command hooks', () => {
  it('blocks on exit 2 and collects additional context from JSON', async () => {
    const context = await dir.script('context.sh', `echo '{"additionalContext":"Remember to run the tests."}'`)
    const block = await dir.script('post-block.sh', `echo "output contains a secret" >&2\nexit 2`)
    const never = await dir.script('post-never.sh', `touch "${dir.path}/post-ran"`)
    const result = await runPostToolHooks(
      { postTool: [{ command: context }, { command: block }, { command: never }] },
      postInput(),
      live,
    )
    expect(result).toEqual({
      additionalContext: 'Remember to run the tests.',
      blocked: { reason: 'output contains a secret', hook: `postTool[1] ${block}` },
    })
    await expect(dir.read('post-ran')).rejects.toThrow()
  })

  it('reports failures without changing the result and runs the other hooks', async () => {
    const broken = await dir.script('post-broken.sh', 'echo "{oops"')
    const ok = await dir.script('post-ok.sh', `echo '{"additionalContext":"checked"}'`)
    const result = await runPostToolHooks(
      { postTool: [{ command: broken }, { command: ok }, () => ({ block: true, reason: 'flagged' })] },
      postInput(),
      live,
    )
    expect(result).toEqual({
      additionalContext: 'checked',
      blocked: { reason: 'flagged', hook: 'postTool[2] function' },
      failures: [{ hook: `postTool[0] ${broken}`, problem: 'printed output that is not valid JSON' }],
    })
  })

  it('passes the result on stdin and honours match', async () => {
    const hook = await dir.script('post-record.sh', `cat > "${dir.path}/post.json"`)
    await runPostToolHooks(
      {
        postTool: [
          { command: hook, match: 'builtin:workspace.*' },
          { command: '/nonexistent', match: 'mcp:*' },
        ],
      },
      postInput(),
      live,
    )
    expect(JSON.parse(await dir.read('post.json'))).toEqual(postInput())
  })
})

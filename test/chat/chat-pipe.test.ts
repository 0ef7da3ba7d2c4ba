import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScriptedModelServer } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'

const root = join(import.meta.dirname, '..', '..')
const servers: ScriptedModelServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** Runs the built binary with pipes on every end, the way a script calls it. */
function toolhost(args: readonly string[], input: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(root, 'bin', 'toolhost.js'), ...args],
      { env: { ...process.env, OPENAI_API_KEY: 'test-key', NO_COLOR: '1' }, cwd: tempDir('toolhost-pipe-') },
      (error, out, err) => resolve({ code: error === null ? 0 : Number(error.code ?? 1), out, err }),
    )
    child.stdin?.end(input)
  })
}

describe('toolhost chat without a terminal', () => {
  it('runs once as toolhost run does, the prompt from standard input', async () => {
    const server = await ScriptedModelServer.start('openai-chat', [{ text: 'Piped answer.' }])
    servers.push(server)
    const dataDir = tempDir('toolhost-pipe-data-')
    const args = ['chat', '--data-dir', dataDir, '--model', 'openai-chat:gpt-4o', '--base-url', server.baseUrl]
    const run = await toolhost(args, 'What is up?\n')
    expect(run).toMatchObject({ code: 0 })
    expect(run.out.trim()).toBe('Piped answer.')
    expect(JSON.stringify(server.requests[0]?.body)).toContain('What is up?')
  })

  it('takes the prompt from its arguments too, and refuses a bad mode', async () => {
    const server = await ScriptedModelServer.start('openai-chat', [{ text: 'From arguments.' }])
    servers.push(server)
    const dataDir = tempDir('toolhost-pipe-data-')
    const base = ['chat', '--data-dir', dataDir, '--model', 'openai-chat:gpt-4o', '--base-url', server.baseUrl]
    const run = await toolhost([...base, 'say', 'something'], '')
    expect(run.out.trim()).toBe('From arguments.')
    const bad = await toolhost([...base, '--mode', 'yolo', 'x'], '')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--mode must be one of default, acceptEdits, plan, dontAsk, bypass')
  })
})

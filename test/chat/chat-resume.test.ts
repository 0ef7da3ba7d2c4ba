import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chatTerminal } from './chat-terminal.js'

const root = join(import.meta.dirname, '..', '..')

describe('toolhost chat --resume', () => {
  it('asks on screen what a paused run waits for, and the run goes on with the answer', async () => {
    const chat = await chatTerminal([
      {
        calls: [
          { id: 'w1', name: 'workspace_write_file', args: JSON.stringify({ file_path: 'out.txt', content: 'hi\n' }) },
        ],
      },
      { text: 'Written after the resume.' },
    ])
    await chat.terminal.waitFor(/ready/)
    // A run without a terminal leaves the question in the store and pauses (exit 3).
    const paused = await new Promise<{ code: number; err: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [
          join(root, 'bin', 'toolhost.js'),
          'run',
          'write out.txt',
          '--data-dir',
          chat.dataDir,
          '--model',
          'openai-chat:gpt-4o',
          '--base-url',
          chat.server.baseUrl,
        ],
        { cwd: chat.projectDir, env: { ...process.env, OPENAI_API_KEY: 'test-key' } },
        (error, _out, err) => resolve({ code: error === null ? 0 : Number(error.code), err }),
      )
      child.stdin?.end()
    })
    expect(paused.code).toBe(3)
    const runId = /run (run_\w+) paused/.exec(paused.err)?.[1]
    expect(runId).toBeDefined()
    expect(existsSync(join(chat.projectDir, 'out.txt'))).toBe(false)

    const t = await chat.restart(['--resume', runId!])
    const screen = await t.waitFor(/\[y\] allow once/)
    expect(screen).toContain('› write out.txt')
    expect(screen).toContain('Allow workspace_write_file?')
    await t.type('y')
    await t.waitFor(/Written after the resume\./)
    expect(readFileSync(join(chat.projectDir, 'out.txt'), 'utf8')).toBe('hi\n')
  })
})

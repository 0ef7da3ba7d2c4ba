import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/store.js'
import { ScriptedModelServer } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'
import { toolhost } from './cli-process.js'

// The reader of standard output goes away before the command writes, as `toolhost … | head -1` does.
describe('a closed standard output', () => {
  it('ends snapshot quietly, as SIGPIPE would', async () => {
    const cwd = tempDir('toolhost-pipe-')
    const finished = await toolhost(
      cwd,
      ['snapshot', '--protocol', 'anthropic', '--json', '--data-dir', join(cwd, 'data')],
      { closeStdout: true },
    )
    expect(finished.stderr).not.toContain('EPIPE')
    expect(finished.stderr).not.toMatch(/\n\s+at /)
    expect(finished.code).toBe(141)
  }, 60_000)

  it('cancels a run whose output nobody reads, and ends quietly', async () => {
    const cwd = tempDir('toolhost-pipe-run-')
    mkdirSync(join(cwd, 'data'))
    // The model never answers: only the closed output can end the run.
    const server = await ScriptedModelServer.start('openai-chat', [{ hang: true }])
    try {
      const finished = await toolhost(
        cwd,
        [
          'run',
          'Hello.',
          '--model',
          'openai-chat:gpt-4o',
          '--base-url',
          server.baseUrl,
          '--json',
          '--data-dir',
          join(cwd, 'data'),
        ],
        {
          closeStdout: true,
          env: { OPENAI_API_KEY: 'test-key' },
        },
      )
      expect(finished.stderr).not.toContain('EPIPE')
      expect(finished.stderr).not.toMatch(/\n\s+at /)
      expect(finished.code).toBe(141)
      const store = openStore(join(cwd, 'data'))
      try {
        const [run] = store.listRuns()
        expect(run?.status).toBe('cancelled')
      } finally {
        store.close()
      }
    } finally {
      await server.close()
    }
  }, 60_000)
})

import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../test/temp-dir.js'
import { openStore } from '../../store/store.js'
import type { AgentEvent } from './agent-events.js'
import { newRunFlags } from './run-flags.js'
import { createRunServices } from './run-services.js'

describe('createRunServices', () => {
  it('stores a published reply before the tool answers, adds it to the conversation, and flags a finishing commit', async () => {
    const store = openStore(tempDir())
    try {
      const run = store.createRun({ scope: 'chat', profileId: 'default' })
      const flags = newRunFlags()
      const events: AgentEvent[] = []
      const services = createRunServices({
        runId: run.id,
        invocationId: () => 'inv_1',
        agentId: 'helper',
        store,
        flags,
        conversation: [{ role: 'user', text: 'Hi' }],
        returnMode: false,
        emit: (e) => events.push(e),
      })
      expect(services.returnTask).toBeUndefined()
      expect(services.delegation).toBeUndefined()
      await services.publish({ text: 'Hello!', path: 'output/main.md', finish: false })
      expect(flags.finished).toBeUndefined()
      await services.publish({ text: 'Bye.', path: 'output/main.md', finish: true })
      expect(flags.finished).toBe('committed')
      expect(store.runEvents(run.id, { type: 'reply' }).map((e) => e.data)).toEqual([
        { text: 'Hello!', path: 'output/main.md', invocationId: 'inv_1' },
        { text: 'Bye.', path: 'output/main.md', invocationId: 'inv_1' },
      ])
      expect(services.conversation().map((m) => [m.role, m.text])).toEqual([
        ['user', 'Hi'],
        ['assistant', 'Hello!'],
        ['assistant', 'Bye.'],
      ])
      expect(events.filter((e) => e.type === 'reply')).toHaveLength(2)
    } finally {
      store.close()
    }
  })

  it('gives a child in return mode task return, which sets the flag', () => {
    const store = openStore(tempDir())
    try {
      const run = store.createRun({ scope: 'session', profileId: 'default' })
      const flags = newRunFlags()
      const services = createRunServices({
        runId: run.id,
        invocationId: () => 'inv_1',
        agentId: 'child',
        store,
        flags,
        conversation: [],
        returnMode: true,
        emit: () => {},
      })
      services.returnTask?.({ summary: 'found', status: 'completed', artifacts: [] })
      expect(flags.returned).toEqual({ summary: 'found', status: 'completed', artifacts: [] })
      services.finish('done')
      expect(flags.finished).toBe('done')
    } finally {
      store.close()
    }
  })
})

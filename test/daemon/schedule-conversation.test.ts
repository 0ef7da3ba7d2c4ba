import { expect, it } from 'vitest'
import { daemonFixture, describeBackends, said } from './daemon-fixture.js'

describeBackends('a schedule made in a conversation', (queue) => {
  it('fires once at its time into the same conversation, and the agent answers there', async () => {
    let asked = 0
    const fx = await daemonFixture({
      queue: queue(),
      profile: { permissions: { mode: 'bypass' } },
      // The time is set when the model is asked, 1.5 s ahead, however long the machine took to get there.
      respond: () => {
        asked += 1
        if (asked === 1) {
          const at = new Date(Date.now() + 1500).toISOString().replace('Z', '+00:00')
          const args = JSON.stringify({ at, prompt: 'Remind the user to stretch.' })
          return { text: 'Setting it.', calls: [{ id: 'call_s', name: 'schedule_create', args }] }
        }
        return { text: asked === 2 ? 'I will remind you.' : 'Time to stretch!' }
      },
    })
    await fx.post('lena', 'Remind me to stretch in a moment')
    const messages = await fx.waitFor('lena', (m) => m.filter((x) => x.role === 'assistant').length === 2)
    expect(said(messages)).toEqual([
      'user: Remind me to stretch in a moment',
      'assistant: I will remind you.',
      'schedule: Remind the user to stretch.',
      'assistant: Time to stretch!',
    ])
    // The task reached the agent as a scheduled task of this conversation, with the earlier exchange.
    const fired = JSON.stringify(fx.model.requests[2]?.body.messages)
    expect(fired).toContain('[Scheduled task')
    expect(fired).toContain('I will remind you.')
    // Further ticks never fire the same due time again.
    await fx.daemon.sweep()
    const firings = fx.host.store().database.prepare('SELECT COUNT(*) AS n FROM schedule_firings').get()
    expect(firings?.n).toBe(1)
    expect(fx.model.requests).toHaveLength(3)
  })
})

import { describe, expect, it } from 'vitest'
import { agentFixture } from './agent-fixture.js'

const bypass = { permissions: { mode: 'bypass' } } as const
const calling = (round: number) => ({ calls: [{ id: `call_${round}`, name: 'dice_roll', args: '{"formula":"1d1"}' }] })

describe('run limits', () => {
  it('has no round or call limit unless the profile sets one', async () => {
    const fx = await agentFixture('openai-chat', [
      ...Array.from({ length: 85 }, (_, i) => calling(i)),
      { text: 'Done rolling.' },
    ])
    const result = await fx.run({ prompt: 'Roll 85 times.', profile: bypass })
    expect(result).toMatchObject({ status: 'completed', text: 'Done rolling.' })
    expect(fx.server.requests).toHaveLength(86)
  })

  it('stops at the rounds a profile sets', async () => {
    const fx = await agentFixture(
      'openai-chat',
      Array.from({ length: 5 }, (_, i) => calling(i)),
    )
    const result = await fx.run({ prompt: 'Roll.', profile: { ...bypass, tools: { maxRounds: 3 } } })
    expect(result).toMatchObject({ status: 'failed' })
    expect(fx.server.requests).toHaveLength(3)
  })
})

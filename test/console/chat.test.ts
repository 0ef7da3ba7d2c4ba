import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'

describe('the Chat page', () => {
  it('sends a message to the agent and shows its tool call and its answer', async () => {
    const { page, goto, fx } = await browserFixture({
      replies: [
        { text: 'Rolling.', calls: [{ id: 'call_d', name: 'dice_roll', args: '{"formula":"2d6"}' }] },
        { text: 'You rolled the dice.' },
      ],
    })
    await goto('/chat')
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Roll two dice')
    await page.getByRole('button', { name: 'Send' }).click()
    const log = page.getByRole('log', { name: 'Messages' })
    await log.getByText('Roll two dice').waitFor()
    await log
      .getByText(/dice[._]roll/)
      .first()
      .waitFor()
    await log.getByText('You rolled the dice.').waitFor()
    expect(fx.model.requests).toHaveLength(2)
  })
})

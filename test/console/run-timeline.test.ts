import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'

const replies = [
  // The write asks (default mode), so the run waits there while the page is open.
  {
    text: 'Writing first.',
    calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"hello"}' }],
  },
  { text: 'Now rolling.', calls: [{ id: 'call_d', name: 'dice_roll', args: '{"formula":"2d6"}' }] },
  { text: 'All done.' },
]

describe('the Run page', () => {
  it('adds the rows of a running run as they happen, without reloading', async () => {
    const { page, goto, post, until, fx } = await browserFixture({ replies })
    await post('live', 'Write, then roll')
    const { approvals } = await until<{ approvals: { id: string; runId: string }[] }>(
      '/api/approvals?status=pending',
      (body) => body.approvals.length === 1,
    )
    const [approval] = approvals
    if (approval === undefined) throw new Error('no approval')

    await goto(`/runs/${approval.runId}`)
    await page
      .getByText(/workspace[._]write_file/)
      .first()
      .waitFor()
    expect(await page.getByText(/dice[._]roll/).count()).toBe(0)
    expect(await page.getByText('All done.').count()).toBe(0)

    // Decided elsewhere (here: through the API); the open page follows the run's events. A mark
    // on the window shows the page was never loaded again.
    await page.evaluate('window.sameDocument = true')
    const decided = await fx.api(`/api/approvals/${approval.id}/approve`, { body: { scope: 'once' } })
    expect(decided.status).toBe(200)
    await page
      .getByText(/dice[._]roll/)
      .first()
      .waitFor()
    await page.getByText('All done.').first().waitFor()
    expect(await page.evaluate('window.sameDocument')).toBe(true)
  })
})

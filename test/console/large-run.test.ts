import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'

describe('the Run page with a long run', () => {
  it('keeps only the visible rows of 10,000 events in the page, and reaches the last one', async () => {
    const { page, goto, fx } = await browserFixture()
    const store = fx.host.store()
    const runId = store.createRun({ scope: 'chat', profileId: 'default' }).id
    store.appendRunEvent(runId, 'run_started', {
      prompt: 'A long one',
      model: 'openai-chat:gpt-4o-scripted',
      profileId: 'default',
      scope: 'chat',
    })
    for (let attempt = 1; attempt < 10_000; attempt++)
      store.appendRunEvent(runId, 'drift', { attempt, path: 'output/direct.md' })
    store.appendRunEvent(runId, 'finished', { status: 'completed', reason: 'answered', text: 'The end.' })
    store.setRunStatus(runId, 'completed')

    await goto(`/runs/${runId}`)
    const list = page.getByRole('list').first()
    // The stream is read to its end; the page follows it to the last event.
    await page
      .getByText(/10,?001 events/)
      .first()
      .waitFor({ timeout: 150_000 })
    // Scrolled to the end by hand as well: the page's own following of new rows is not what this measures.
    await page.evaluate(
      "for (const el of document.querySelectorAll('[role=list]')) { let box = el.parentElement; while (box !== null && box.scrollHeight <= box.clientHeight) box = box.parentElement; if (box !== null) box.scrollTop = box.scrollHeight }",
    )
    await page.getByText('The end.').first().waitFor({ timeout: 150_000 })
    const rows = await list.getByRole('listitem').count()
    expect(rows).toBeGreaterThan(5)
    expect(rows).toBeLessThan(200)
    // Guards against a hang, not a speed limit: a busy machine reads 10,000 events slowly.
  }, 300_000)
})

import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'
import { horizontalOverflow, pageColours } from './page-measures.js'

/** The console's pages, as its navigation names them. */
const pages = ['Tools', 'Runs', 'Approvals', 'MCP', 'Profiles', 'Schedules', 'Chat'] as const

describe('the console in a browser', () => {
  it('logs in with the printed token link, drops the token from the address and shows the console', async () => {
    const { page, fx, pageErrors } = await browserFixture()
    expect(page.url()).not.toContain(fx.token)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Runs' }).waitFor()
    expect(pageErrors).toEqual([])
  })

  it('has no horizontal scrollbar on any page at 375 px wide, nor on a run with a long call', async () => {
    const long = 'a long line of text without a break '.repeat(8).replaceAll(' ', '_')
    const { page, open, goto, post, until } = await browserFixture({
      viewport: { width: 375, height: 720 },
      replies: [
        {
          text: 'Rolling.',
          calls: [{ id: 'call_d', name: 'dice_roll', args: JSON.stringify({ formula: '2d6', label: long }) }],
        },
        { text: long },
      ],
    })
    await post('narrow', 'Roll')
    const { runs } = await until<{ runs: { id: string; status: string }[] }>('/api/runs', (body) =>
      body.runs.some((run) => run.status === 'completed'),
    )
    for (const path of pages) {
      await open(path)
      const overflow = await horizontalOverflow(page)
      expect({ path, overflow }).toEqual({ path, overflow: 0 })
    }
    await goto(`/runs/${runs[0]?.id ?? ''}`)
    await page.getByText('dice_roll').first().waitFor()
    expect(await horizontalOverflow(page)).toBe(0)
  })

  it('renders in dark and in light colours', async () => {
    const backgrounds: Record<string, string> = {}
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, goto } = await browserFixture({ colorScheme })
      await goto('/tools')
      const heading = page.getByRole('heading', { level: 1 }).first()
      await heading.waitFor()
      const colours = await pageColours(page)
      // The text stands out from the page behind it.
      expect(colours.text).not.toBe(colours.background)
      backgrounds[colorScheme] = colours.background
    }
    expect(backgrounds['dark']).not.toBe(backgrounds['light'])
  })
})

import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'

describe('the Tools page', () => {
  it('calls a tool from the form its input schema draws and shows the result', async () => {
    const { page, goto, pageErrors } = await browserFixture()
    await goto('/tools')
    await page
      .getByRole('link', { name: /calculator[._]evaluate/ })
      .first()
      .click()
    await page.getByLabel('expression').fill('6 * 7')
    await page.getByRole('button', { name: /^Call/ }).click()
    const result = page.getByRole('region', { name: 'Call result' })
    await result.getByText('42').first().waitFor()
    expect(await result.textContent()).toContain('42')
    expect(pageErrors).toEqual([])
  })
})

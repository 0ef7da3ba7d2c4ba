import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'

const broken = [
  '{',
  '  "schemaVersion": 1,',
  '  "id": "coder",',
  '  "permissions": {',
  '    "mode": "sometimes"',
  '  }',
  '}',
  '',
].join('\n')
const fixed = broken.replace('sometimes', 'acceptEdits')

describe('the Profiles page', () => {
  it('shows a broken profile with its error at its line; the fixed text saves and the profile is valid', async () => {
    let file = ''
    const { page, goto, until } = await browserFixture({
      setup: ({ dataDir }) => {
        mkdirSync(join(dataDir, 'profiles'), { recursive: true })
        file = join(dataDir, 'profiles', 'coder.json')
        writeFileSync(file, broken)
      },
    })
    await goto('/profiles')
    await page
      .getByRole('navigation', { name: 'Profiles' })
      .getByRole('link', { name: /^coder/ })
      .click()
    const editor = page.getByRole('textbox', { name: 'Text of profile coder' })
    await editor.waitFor()
    expect(await editor.inputValue()).toBe(broken)
    // The problem names the line of "mode".
    const problems = page.getByRole('list', { name: 'Problems' })
    await problems.getByText('Line 5').waitFor()
    expect(await problems.textContent()).toContain('permissions.mode')

    await editor.fill(fixed)
    await page.getByText('Valid.').waitFor()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved coder.').waitFor()
    expect(readFileSync(file, 'utf8')).toBe(fixed)
    await until<{ profiles: { id: string; valid: boolean }[] }>('/api/profiles', (body) =>
      body.profiles.some((profile) => profile.id === 'coder' && profile.valid),
    )
  })
})

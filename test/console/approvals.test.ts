import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { browserFixture } from './browser-fixture.js'

const writeCall = {
  text: 'Writing.',
  calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"hello"}' }],
}

describe('the Approvals page', () => {
  it('shows a pending write with its input; approving it lets the run go on and finish', async () => {
    const { page, goto, post, until, fx } = await browserFixture({ replies: [writeCall, { text: 'Written.' }] })
    await post('carol', 'Put hello in a.txt')
    await until<{ approvals: unknown[] }>('/api/approvals?status=pending', (body) => body.approvals.length === 1)

    await goto('/approvals')
    const approval = page.getByRole('article').filter({ hasText: 'workspace_write_file' })
    await approval.getByText('"content": "hello"').first().waitFor()
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
    await approval.getByRole('button', { name: 'Approve once' }).click()
    await page.getByText('Approved once:').waitFor()
    await page.getByText('No approvals are waiting.').waitFor()

    // The decided note links to the run, which goes on with the write and the model's answer.
    await page.getByRole('link', { name: /^run/ }).first().click()
    await page.getByText('Written.').first().waitFor()
    expect(readFileSync(join(fx.projectDir, 'a.txt'), 'utf8')).toBe('hello')
    await until<{ runs: { status: string }[] }>('/api/runs', (body) => body.runs[0]?.status === 'completed')
  })
})

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serverScript } from '../../src/mcp/client/__fixtures__/mcp-fixtures.js'
import { browserFixture } from './browser-fixture.js'

/** Where the README's pictures of the console are. */
const shotsDir = join(import.meta.dirname, '..', '..', 'docs', 'console')

const update = process.env.UPDATE_SCREENSHOTS === '1'

/** A short day of the agent's: a finished run with calls, a schedule made, and a write waiting for approval. */
const replies = [
  {
    text: 'Let me work that out.',
    calls: [
      { id: 'call_c', name: 'calculator_evaluate', args: '{"expression":"sqrt(3^2 + 4^2)"}' },
      { id: 'call_d', name: 'dice_roll', args: '{"formula":"4d6kh3"}' },
    ],
  },
  { text: 'The hypotenuse is 5, and your ability score roll is in the timeline.' },
  {
    text: 'I will remind you.',
    calls: [
      {
        id: 'call_s',
        name: 'schedule_create',
        args: JSON.stringify({ cron: '0 9 * * 1-5', prompt: 'Post the stand-up notes.' }),
      },
    ],
  },
  { text: 'Every weekday at 09:00 UTC I will post the stand-up notes.' },
  {
    text: 'Writing the notes file.',
    calls: [
      {
        id: 'call_w',
        name: 'workspace_write_file',
        args: JSON.stringify({ file_path: 'notes/standup.md', content: '# Stand-up\n\n- shipped the console\n' }),
      },
    ],
  },
]

interface Approvals {
  readonly approvals: readonly { readonly id: string }[]
}
interface Runs {
  readonly runs: readonly { readonly id: string; readonly status: string }[]
}

describe('screenshots of the console for the README', () => {
  it(`draws every page at 1280×800${update ? ' and saves it in docs/console/' : ''}`, async () => {
    const { page, goto, open, until, fx } = await browserFixture({
      replies,
      setup: ({ dataDir }) => {
        mkdirSync(join(dataDir, 'profiles'), { recursive: true })
        const profile = (id: string, body: object) =>
          writeFileSync(
            join(dataDir, 'profiles', `${id}.json`),
            JSON.stringify({ schemaVersion: 1, id, ...body }, null, 2) + '\n',
          )
        profile('coder', { permissions: { mode: 'acceptEdits' } })
        profile('reviewer', { permissions: { mode: 'plan' } })
      },
    })
    const say = async (text: string) =>
      expect((await fx.api('/api/conversations/ada/messages', { body: { text } })).status).toBe(202)
    const pending = () =>
      until<Approvals>('/api/approvals?status=pending', (body) => body.approvals.length === 1).then(
        (body) => body.approvals[0]?.id ?? '',
      )

    await say('What is the hypotenuse of a 3-4 triangle? And roll me an ability score.')
    const { runs } = await until<Runs>('/api/runs', (body) => body.runs.some((run) => run.status === 'completed'))
    const finished = runs.find((run) => run.status === 'completed')?.id ?? ''
    await say('Remind me to post the stand-up notes every weekday at nine.')
    expect((await fx.api(`/api/approvals/${await pending()}/approve`, { body: { scope: 'once' } })).status).toBe(200)
    await until<{ schedules: unknown[] }>('/api/schedules', (body) => body.schedules.length === 1)
    await until<Approvals>('/api/approvals?status=pending', (body) => body.approvals.length === 0)
    await say('Write the notes file for today.')
    await pending()
    const server = {
      name: 'everything',
      command: process.execPath,
      args: [serverScript('@modelcontextprotocol/server-everything')],
    }
    expect((await fx.api('/api/mcp/servers', { body: server })).status).toBe(201)
    expect((await fx.api('/api/mcp/servers/everything/discover', { body: {} })).status).toBe(200)
    expect(
      (await fx.api('/api/mcp/servers/everything/tools/echo', { method: 'PUT', body: { permission: 'allow' } })).status,
    ).toBe(200)

    const shots: readonly { name: string; show: () => Promise<unknown> }[] = [
      {
        name: 'tools',
        show: async () => {
          await goto('/tools')
          await page.getByRole('link', { name: /calculator\.evaluate/ }).click()
          await page.getByLabel('expression').fill('sqrt(3^2 + 4^2)')
          await page.getByRole('button', { name: 'Call' }).click()
          await page.getByRole('region', { name: 'Call result' }).getByText('5').first().waitFor()
        },
      },
      { name: 'runs', show: () => goto('/runs').then(() => page.getByRole('link', { name: finished }).waitFor()) },
      { name: 'run', show: () => goto(`/runs/${finished}`).then(() => page.getByText('dice_roll').first().waitFor()) },
      {
        name: 'approvals',
        show: () => goto('/approvals').then(() => page.getByText('notes/standup.md').first().waitFor()),
      },
      { name: 'mcp', show: () => open('MCP').then(() => page.getByText('echo', { exact: true }).first().waitFor()) },
      {
        name: 'profiles',
        show: async () => {
          await goto('/profiles')
          await page
            .getByRole('navigation', { name: 'Profiles' })
            .getByRole('link', { name: /^coder/ })
            .click()
          await page.getByText('Valid; nothing changed').waitFor()
        },
      },
      {
        name: 'schedules',
        show: () => goto('/schedules').then(() => page.getByText('Post the stand-up notes.').first().waitFor()),
      },
      {
        name: 'chat',
        show: () => goto('/chat').then(() => page.getByText('I will post the stand-up notes.').first().waitFor()),
      },
    ]
    if (update) mkdirSync(shotsDir, { recursive: true })
    for (const { name, show } of shots) {
      await show()
      const png = await page.screenshot({ animations: 'disabled', caret: 'hide' })
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      if (update) writeFileSync(join(shotsDir, `${name}.png`), png)
    }
  })
})

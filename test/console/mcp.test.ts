import { describe, expect, it } from 'vitest'
import { serverScript } from '../../src/mcp/client/__fixtures__/mcp-fixtures.js'
import { browserFixture } from './browser-fixture.js'

interface Servers {
  readonly servers: readonly { name: string; tools: readonly { name: string; permission: string }[] }[]
}

describe('the MCP page', () => {
  it('adds the reference server, discovers its tools Off, and allows one', async () => {
    const { page, open, until } = await browserFixture()
    await open('MCP')
    const form = page.getByRole('form', { name: 'Add server' })
    await form.getByLabel('Name').fill('everything')
    await form.getByLabel('Command').fill(process.execPath)
    await form.getByLabel(/^Arguments/).fill(serverScript('@modelcontextprotocol/server-everything'))
    await form.getByRole('button', { name: 'Add server' }).click()

    const server = page.getByRole('region', { name: /^everything/ })
    await server.getByRole('button', { name: 'Discover' }).click()
    const echo = server.getByRole('group', { name: 'Permission of echo' })
    await echo.getByRole('radio', { name: 'Off' }).waitFor()
    expect(await echo.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true)

    // The choice shows once the server has taken it.
    await echo.getByRole('radio', { name: 'Allow' }).click()
    await page.getByText('echo is now Allow.').waitFor()
    const { servers } = await until<Servers>(
      '/api/mcp/servers',
      (body) => body.servers[0]?.tools.find((tool) => tool.name === 'echo')?.permission === 'allow',
    )
    expect(servers.map((s) => s.name)).toEqual(['everything'])
    expect(await echo.getByRole('radio', { name: 'Allow' }).isChecked()).toBe(true)
  })
})

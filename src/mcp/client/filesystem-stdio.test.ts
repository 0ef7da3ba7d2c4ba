import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallContext } from '../../../test/call-context.js'
import type { Store } from '../../store/open-store.js'
import { memoryStore, run, serverScript, toolNamed } from './__fixtures__/mcp-fixtures.js'
import { McpClientManager } from './mcp-client-manager.js'

describe('server-filesystem over stdio', () => {
  let store: Store
  let mcp: McpClientManager
  let id: string
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolhost-mcp-fs-')))

  beforeAll(async () => {
    writeFileSync(join(dir, 'notes.txt'), 'first line\nsecond line\n')
    store = memoryStore()
    mcp = new McpClientManager({ store })
    id = mcp.register('Files', {
      kind: 'stdio',
      command: process.execPath,
      args: [serverScript('@modelcontextprotocol/server-filesystem'), dir],
    }).id
    await mcp.discover(id)
    mcp.setPermission(id, 'list_directory', 'allow')
    mcp.setPermission(id, 'read_text_file', 'ask')
  })
  afterAll(async () => {
    await mcp.close()
    store.close()
  })

  it('lists the directory and reads a file', async () => {
    const { tools } = mcp.catalogSource()
    expect(tools.map((t) => t.nativeName).sort()).toEqual(['list_directory', 'read_text_file'])
    const listing = await run(toolNamed(tools, 'list_directory'), { path: dir }, testCallContext())
    expect(listing.output.content).toContain('notes.txt')
    const read = await run(toolNamed(tools, 'read_text_file'), { path: join(dir, 'notes.txt') }, testCallContext())
    expect(read.output.content).toContain('second line')
  })

  it('passes the server error on as a tool error', async () => {
    const read = toolNamed(mcp.catalogSource().tools, 'read_text_file')
    await expect(run(read, { path: '/etc/passwd' }, testCallContext())).rejects.toMatchObject({
      code: 'mcp.tool_error',
    })
  })
})

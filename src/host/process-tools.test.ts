import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/temp-dir.js'
import { createToolHost, type ToolHost } from './create-tool-host.js'

const examples = join(import.meta.dirname, '..', '..', 'examples', 'process-tools')
let host: ToolHost | undefined
afterEach(() => host?.close())

describe('process tools in the host', () => {
  it('offers the example tools, reports broken specs without hiding the rest, and runs a call', async () => {
    const dir = tempDir()
    cpSync(examples, dir, { recursive: true })
    writeFileSync(
      join(dir, 'broken.yaml'),
      'name: broken\ndescription: x\ncommand: [node]\nparameters:\n  a:\n    type: strng\n',
    )
    host = await createToolHost({ dataDir: tempDir(), processDirs: [dir], watchProcessTools: false })
    await host.trustProcessTools()
    const ids = host.catalog().map((t) => t.id)
    expect(ids).toEqual(
      expect.arrayContaining(['process/notes:add', 'process/notes:find', 'process/weather:weather_now']),
    )
    const inv = await host.createInvocation({
      scope: 'chat',
      protocol: 'anthropic',
      owner: 'user:ada',
      profile: { tools: { allow: ['builtin:*', 'process/*'] } },
      approver: async () => ({ behavior: 'allow', scope: 'once' }),
    })
    expect(inv.snapshot.diagnostics.find((d) => d.code === 'process.invalid_spec')?.message).toMatch(/broken\.yaml:6/)
    const aliases = inv.snapshot.bindings.map((b) => b.alias)
    expect(aliases).toEqual(expect.arrayContaining(['add', 'find', 'weather_now']))
    const [added] = await inv.executeTurn({
      calls: [{ callId: 'a', name: 'add', arguments: { text: 'Buy oat milk', tags: ['shopping'] } }],
    })
    expect(added).toMatchObject({ toolId: 'process/notes:add', isError: false })
    const [found] = await inv.executeTurn({ calls: [{ callId: 'f', name: 'find', arguments: { query: 'milk' } }] })
    expect(found?.content).toContain('Buy oat milk')
    expect(
      host
        .store()
        .memories('user:ada')
        .search('oat')
        .map((m) => m.text),
    ).toEqual(['Buy oat milk'])
  })

  it('loads the directories a profile names', async () => {
    const extra = tempDir()
    mkdirSync(join(extra, 'more'))
    cpSync(join(examples, 'notes.yaml'), join(extra, 'more', 'notes.yaml'))
    cpSync(join(examples, 'notes.mjs'), join(extra, 'more', 'notes.mjs'))
    host = await createToolHost({ dataDir: tempDir(), processDirs: [], watchProcessTools: false })
    expect(host.catalog().some((t) => t.source === 'process')).toBe(false)
    await host.trustProcessTools([join(extra, 'more')])
    const { snapshot } = await host.snapshot({
      scope: 'session',
      protocol: 'gemini',
      profile: { tools: { allow: ['process/*'], processDirs: [join(extra, 'more')] } },
    })
    expect(snapshot.bindings.map((b) => b.toolId)).toEqual(['process/notes:add', 'process/notes:find'])
  })
})

import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createToolHost, type ToolHost } from '../../host/create-tool-host.js'
import { defineTool } from '../../tool/define-tool.js'
import { tempDir } from '../../../test/temp-dir.js'
import { processToolsCheck, profileChecks } from './profile-checks.js'

const needsConnection = defineTool({
  name: 'test.needs_db',
  description: 'Needs a database connection.',
  inputSchema: z.object({}),
  unavailableWith: (profile) =>
    Object.keys(profile.databases).length > 0 ? undefined : 'no connection in "databases"; add one',
  call: async () => ({ content: 'ok' }),
})

let host: ToolHost | undefined
afterEach(async () => {
  await host?.close()
  host = undefined
})

async function hostWith(files: Readonly<Record<string, string>>, setup?: (dataDir: string) => void): Promise<ToolHost> {
  const dataDir = tempDir('toolhost-doctor-profile-')
  mkdirSync(join(dataDir, 'profiles'))
  setup?.(dataDir)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dataDir, 'profiles', name), text)
  host = await createToolHost({ tools: [needsConnection], dataDir, workspaceDir: dataDir, watchProcessTools: false })
  return host
}

describe('profileChecks', () => {
  it("names the tools a profile asks for but cannot offer, with the tool's reason", async () => {
    const h = await hostWith({
      'db.yaml': 'schemaVersion: 2\nid: db\ntools:\n  allow: [builtin:dice.*, builtin:test.needs_db]\n',
    })
    const { checks, profile } = await profileChecks(h, 'db')
    expect(profile?.id).toBe('db')
    expect(checks).toEqual([
      {
        name: 'profile',
        status: 'ok',
        detail: `db (${join(h.dataDir, 'profiles', 'db.yaml')}): valid; offers 1 tools in session scope`,
      },
      {
        name: 'profile tools',
        status: 'warn',
        detail: 'not offered: builtin:test.needs_db: no connection in "databases"; add one',
      },
    ])
  })

  it('fails an invalid profile at its line and column, and warns of other stored profiles with problems', async () => {
    const h = await hostWith({
      'default.yaml': 'schemaVersion: 2\nid: default\ntools:\n  allow: [nope]\n',
      'other.json': '{"schemaVersion": 2, "id": "another"}',
    })
    const { checks, profile } = await profileChecks(h, undefined)
    expect(profile).toBeUndefined()
    expect(checks.map((c) => [c.name, c.status])).toEqual([
      ['profile', 'fail'],
      ['stored profiles', 'warn'],
    ])
    expect(checks[0]?.detail).toMatch(
      /default\.yaml:4:11: tools\.allow\[0\]: "nope" has no ":".*toolhost profile edit default/,
    )
    expect(checks[1]?.detail).toContain('other.json:1:28: id is "another" but the profile is saved as "other"')
  })

  it('fails a profile id that is not stored, and takes the built-in default when none is', async () => {
    const h = await hostWith({})
    expect((await profileChecks(h, 'ghost')).checks).toEqual([
      {
        name: 'profile',
        status: 'fail',
        detail: `no profile "ghost" in ${join(h.dataDir, 'profiles')}; create it with: toolhost profile edit ghost`,
      },
    ])
    const { checks } = await profileChecks(h, undefined)
    expect(checks[0]).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^default \(built in\): valid/) })
  })
})

describe('processToolsCheck', () => {
  it('warns of a spec that is new since it was trusted, and says how to trust it', async () => {
    const examples = join(import.meta.dirname, '..', '..', '..', 'examples', 'process-tools')
    const h = await hostWith({}, (dataDir) => cpSync(examples, join(dataDir, 'tools'), { recursive: true }))
    const specs = join(h.dataDir, 'tools')
    const { profile } = await profileChecks(h, undefined)
    if (profile === undefined) throw new Error('the built-in default profile is valid')
    const check = await processToolsCheck(h, profile)
    expect(check).toMatchObject({ name: 'process tools', status: 'warn' })
    expect(check.detail).toContain(`toolhost tools trust ${join(specs, 'notes.yaml')}`)
    await h.trustProcessTools()
    expect(await processToolsCheck(h, profile)).toMatchObject({
      status: 'ok',
      detail: expect.stringMatching(/every spec trusted$/),
    })
  })
})

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../../../test/temp-dir.js'
import { defaultProfile } from '../../../profile/default-profile.js'
import { mergeProfile } from '../../../profile/load-profile.js'
import { createWorkspace } from '../../../workspace/create-workspace.js'
import { restrictedWorkspace } from './restricted-workspace.js'

describe('restrictedWorkspace', () => {
  const root = tempDir()
  mkdirSync(join(root, 'config'))
  writeFileSync(join(root, '.env'), 'x')
  writeFileSync(join(root, 'config', 'prod.json'), '{}')
  symlinkSync('.env', join(root, 'envlink'))
  symlinkSync('config/prod.json', join(root, 'cfglink'))
  const workspace = createWorkspace([{ at: '', hostDir: root, access: 'read-write' }])
  const profile = mergeProfile(defaultProfile, {
    permissions: { deny: ['builtin:workspace.read_file(.env)'], ask: ['builtin:workspace.read_file(config/**)'] },
  })

  it('refuses, where the tool resolves it, a link that leads to a denied file (the check and the use see the same file)', async () => {
    const ws = restrictedWorkspace({ workspace, profile, toolId: 'builtin:workspace.read_file' })
    await expect(ws.resolve('envlink', 'read')).rejects.toMatchObject({
      code: 'permission.denied',
      message: '"envlink" leads to ".env", which a deny rule of this tool covers; it cannot be used.',
    })
    // An ask rule was judged before the call ran (a person may have approved it).
    await expect(ws.resolve('cfglink', 'read')).resolves.toMatchObject({
      path: 'cfglink',
      realPath: 'config/prod.json',
    })
    expect(ws.restricted?.('config/prod.json')).toBe('ask')
  })

  it('is the workspace itself for a tool no path rule names', () => {
    expect(restrictedWorkspace({ workspace, profile, toolId: 'builtin:workspace.glob' })).toBe(workspace)
  })
})

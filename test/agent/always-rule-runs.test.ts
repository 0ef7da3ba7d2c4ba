import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Approver } from '../../src/permissions/approvals/approval-request.js'
import { agentFixture } from './agent-fixture.js'

const writeCall = {
  id: 'call_w',
  name: 'workspace_write_file',
  args: JSON.stringify({ file_path: 'a.txt', content: 'a' }),
}

describe('"always" answered while a run asks', () => {
  it('writes the rule into the profile file the run was started with, and says so in the question', async () => {
    const fx = await agentFixture('openai-chat', [{ calls: [writeCall] }, { text: 'Done.' }])
    const profile = join(fx.projectDir, '..', 'coder.json')
    writeFileSync(profile, JSON.stringify({ schemaVersion: 2, id: 'coder' }))
    const asked: (string | undefined)[] = []
    const approver: Approver = async (request) => {
      asked.push(request.alwaysRulesFile)
      return { behavior: 'allow', scope: 'always' }
    }
    const result = await fx.run({ prompt: 'Write a.txt.', profile, approver })
    expect(result.status).toBe('completed')
    expect(asked).toEqual([profile])
    expect(JSON.parse(readFileSync(profile, 'utf8'))).toMatchObject({
      permissions: { allow: ['builtin:workspace.write_file(/a.txt)'] },
    })
  })

  it('without a profile, writes it into the stored default profile the next run reads', async () => {
    const fx = await agentFixture('openai-chat', [
      { calls: [writeCall] },
      { text: 'Done.' },
      { calls: [{ ...writeCall, id: 'call_w2' }] },
      { text: 'Again.' },
    ])
    const approver: Approver = async () => ({ behavior: 'allow', scope: 'always' })
    expect((await fx.run({ prompt: 'Write a.txt.', approver })).status).toBe('completed')
    const stored = join(fx.dataDir, 'profiles', 'default.json')
    expect(JSON.parse(readFileSync(stored, 'utf8'))).toMatchObject({
      id: 'default',
      permissions: { allow: ['builtin:workspace.write_file(/a.txt)'] },
    })
    // The next run asks nobody: the durable approver would pause it.
    const next = await fx.run({ prompt: 'Write a.txt again.' })
    expect(next.status).toBe('completed')
  })
})

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chatHarness, until } from './__fixtures__/chat-harness.js'

const write = { id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"x"}' }

describe('/approvals', () => {
  it('shows the question waiting in this chat, while the answer waits', async () => {
    const chat = await chatHarness([{ calls: [write] }, { text: 'Written.' }])
    const sending = chat.send('Write a.txt.')
    await until(() => chat.state().approvals.length > 0)
    await chat.slash('/approvals')
    const [request] = chat.session.approvals.pending
    const text = chat.last()
    expect(text).toContain('Waiting in this chat (answer on screen):')
    expect(text).toMatch(new RegExp(`${request?.id}\\s+workspace_write_file\\s`))
    expect(text).toContain('No pending approval requests in the store.')
    expect(text).toContain(`"Always" answers add their rule to ${join(chat.fx.dataDir, 'profiles', 'default.json')}.`)
    chat.session.approvals.decide(request?.id ?? '', { behavior: 'deny', approver: 'terminal' })
    await sending
  })

  it('lists the durable requests of the store, and the profile file "always" writes to', async () => {
    const chat = await chatHarness([{ calls: [write] }], { profiles: { team: {} }, profile: 'team' })
    const paused = await chat.fx.run({ prompt: 'Write a.txt.' })
    expect(paused.status).toBe('paused')
    await chat.slash('/approvals')
    const text = chat.last()
    expect(text).toContain('No question waits in this chat.')
    expect(text).toMatch(
      new RegExp(
        `${paused.approvalIds[0]}\\s+${paused.runId}\\s+builtin:workspace.write_file\\s+\\{"file_path":"a.txt"`,
      ),
    )
    expect(text).toContain(`add their rule to ${join(chat.fx.dataDir, 'profiles', 'team.json')}.`)
  })
})

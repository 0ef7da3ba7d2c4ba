import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { daemonFixture, describeBackends, said, type DaemonFixture, type ListedMessage } from './daemon-fixture.js'

const writeCall = {
  text: 'Writing.',
  calls: [{ id: 'call_w', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"hello"}' }],
}

/** The six digits of the conversation's approval request, as the person reads them. */
async function codeIn(fx: DaemonFixture, conversation: string): Promise<string> {
  const messages = await fx.waitFor(conversation, (m) => m.some((x) => x.role === 'approval'))
  const prompt = messages.find((m) => m.role === 'approval') as ListedMessage
  const code = /\b(\d{6})\b/.exec(prompt.text)?.[1]
  if (code === undefined) throw new Error(`no code in ${prompt.text}`)
  return code
}

function otherThan(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

const notices = (messages: readonly ListedMessage[]) => messages.filter((m) => m.role === 'notice').map((m) => m.text)

describeBackends('approvals by one-time code over the channel', (queue) => {
  it('sends what will happen with a code; the right code approves once, a replay is refused', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      replies: [writeCall, { text: 'Written.' }],
    })
    await fx.post('carol', 'Put hello in a.txt')
    const code = await codeIn(fx, 'carol')
    const prompt = (await fx.messages('carol')).find((m) => m.role === 'approval')?.text ?? ''
    expect(prompt).toContain('workspace_write_file')
    expect(prompt).toContain('"content": "hello"')
    expect(prompt).toContain(`deny ${code}`)
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)

    await fx.post('carol', code)
    const done = await fx.waitFor('carol', (m) => m.some((x) => x.role === 'assistant'))
    expect(readFileSync(join(fx.projectDir, 'a.txt'), 'utf8')).toBe('hello')
    expect(said(done)).toEqual([
      'user: Put hello in a.txt',
      expect.stringMatching(/^approval: Approval needed: workspace_write_file/),
      'code: ••••••',
      'notice: Approved: workspace_write_file. Going on.',
      'assistant: Written.',
    ])
    // Once used, the code is no longer readable anywhere in the conversation.
    expect(JSON.stringify(done)).not.toContain(code)

    await fx.post('carol', code)
    const replayed = await fx.waitFor('carol', (m) => notices(m).length === 2)
    expect(notices(replayed)[1]).toBe('That code cannot be used: it was already used.')
    expect(fx.model.requests).toHaveLength(2)
  })

  it('counts wrong codes, locks after five, and then refuses the request', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      replies: [writeCall, { text: 'Not written.' }],
    })
    await fx.post('dave', 'Put hello in a.txt')
    const code = await codeIn(fx, 'dave')
    for (let i = 1; i <= 5; i += 1) {
      await fx.post('dave', otherThan(code))
      await fx.waitFor('dave', (m) => notices(m).length === i)
    }
    // Locked: the request is refused and the run goes on without the write.
    const refused = await fx.waitFor('dave', (m) => m.some((x) => x.role === 'assistant'))
    expect(notices(refused)).toEqual([
      'That code is not right. 4 tries left before it is locked.',
      'That code is not right. 3 tries left before it is locked.',
      'That code is not right. 2 tries left before it is locked.',
      'That code is not right. 1 tries left before it is locked.',
      'That code is not right. 0 tries left before it is locked.',
      'The approval for workspace_write_file can no longer be given (its code expired or was locked), so it was refused.',
    ])
    await fx.post('dave', code)
    const late = await fx.waitFor('dave', (m) => notices(m).length === 7)
    expect(notices(late)[6]).toBe(
      'That code cannot be used: it is locked after 5 wrong tries. The request will be refused.',
    )
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
    expect(JSON.stringify(fx.model.requests[1]?.body)).toContain('was not run')
  })

  it('refuses an expired code and the request with it', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      replies: [writeCall, { text: 'Not written.' }],
    })
    await fx.post('erin', 'Put hello in a.txt')
    const code = await codeIn(fx, 'erin')
    // Ten minutes pass.
    fx.host
      .store()
      .database.prepare('UPDATE one_time_codes SET expires_at = ?')
      .run(Date.now() - 1)
    await fx.post('erin', code)
    const messages = await fx.waitFor('erin', (m) => m.some((x) => x.role === 'assistant'))
    expect(notices(messages)).toContain(
      'That code cannot be used: it expired. The request was refused; ask again if it is still needed.',
    )
    expect(notices(messages)).toContain(
      'The approval for workspace_write_file can no longer be given (its code expired or was locked), so it was refused.',
    )
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
  })

  it('a code typed in another conversation approves nothing', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      replies: [writeCall],
      respond: () => ({ text: 'That looks like a number.' }),
    })
    await fx.post('frank', 'Put hello in a.txt')
    const code = await codeIn(fx, 'frank')
    await fx.post('grace', code)
    const other = await fx.waitFor('grace', (m) => m.some((x) => x.role === 'assistant'))
    expect(said(other)).toEqual([`user: ${code}`, 'assistant: That looks like a number.'])
    const [approval] = fx.host.store().approvals.list({ status: 'pending' })
    expect(approval?.alias).toBe('workspace_write_file')
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
  })

  it('a denial with a reason reaches the model', async () => {
    const fx = await daemonFixture({
      queue: queue(),
      replies: [writeCall, { text: 'Understood.' }],
    })
    await fx.post('heidi', 'Put hello in a.txt')
    const code = await codeIn(fx, 'heidi')
    await fx.post('heidi', `deny ${code} use b.txt instead`)
    const messages = await fx.waitFor('heidi', (m) => m.some((x) => x.role === 'assistant'))
    expect(notices(messages)).toEqual(['Denied: workspace_write_file. The agent is told: use b.txt instead.'])
    expect(said(messages)).toContain('code: deny •••••• use b.txt instead')
    expect(JSON.stringify(fx.model.requests[1]?.body)).toContain('use b.txt instead')
    expect(existsSync(join(fx.projectDir, 'a.txt'))).toBe(false)
  })
})

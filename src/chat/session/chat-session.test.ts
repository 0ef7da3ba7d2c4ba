import { describe, expect, it, vi } from 'vitest'
import { agentFixture, modelFor } from '../../../test/agent/agent-fixture.js'
import type { ScriptedReply } from '../../../test/model-server/scripted-model-server.js'
import type { PermissionMode } from '../../profile/profile-schema.js'
import type { ChatAction } from '../state/chat-reducer.js'
import { createChatStore } from '../state/chat-store.js'
import { initialChatState, type ChatItem, type ToolItem } from '../state/chat-state.js'
import { ChatSession } from './chat-session.js'

const model = modelFor['openai-chat']

/** A real host and session against the scripted model server, its state in a real store. */
async function chat(
  replies: readonly ScriptedReply[],
  options: { readonly mode?: PermissionMode; readonly profile?: string } = {},
) {
  const fx = await agentFixture('openai-chat', replies)
  const store = createChatStore(initialChatState({ model, mode: options.mode ?? 'default' }))
  const actions: ChatAction[] = []
  const session = new ChatSession({
    host: fx.host,
    model,
    baseUrl: fx.server.baseUrl,
    apiKey: 'test-key',
    scope: 'session',
    dispatch: (action) => {
      actions.push(action)
      store.dispatch(action)
    },
    ...(options.mode !== undefined && { mode: options.mode }),
    ...(options.profile !== undefined && { profile: options.profile }),
  })
  const settled = (kind: ChatItem['kind']) => store.getState().settled.filter((item) => item.kind === kind)
  const texts = (kind: 'user' | 'assistant' | 'notice') =>
    settled(kind).map((item) => ('text' in item ? item.text : ''))
  return { fx, store, actions, session, settled, texts }
}

describe('ChatSession', () => {
  it('starts a run with the first message and continues the same run with the next', async () => {
    const c = await chat([{ text: 'Hello there.' }, { text: 'Again.' }])
    expect(c.session.runId).toBeUndefined()
    const first = await c.session.send('Hi')
    expect(first).toMatchObject({ status: 'completed', text: 'Hello there.' })
    const runId = c.session.runId
    expect(runId).toBe(first?.runId)
    expect(c.store.getState().status).toMatchObject({ runId, activity: 'idle' })
    const second = await c.session.send('Once more')
    expect(second?.runId).toBe(runId)
    expect(c.session.runId).toBe(runId)
    expect(c.fx.host.store().listRuns()).toHaveLength(1)
    expect(c.texts('assistant')).toEqual(['Hello there.', 'Again.'])
    expect(c.store.getState().status.rounds).toBe(2)
    expect(c.session.busy).toBe(false)
  })

  it('stops a hanging reply on cancel, says so, and the next message goes on in the same run', async () => {
    const c = await chat([{ hang: true }, { text: 'Back again.' }])
    const sending = c.session.send('Wait for it')
    await expect(c.session.send('too soon')).rejects.toThrow(/being answered/)
    await vi.waitFor(() => expect(c.fx.server.requests).toHaveLength(1))
    expect(c.session.busy).toBe(true)
    expect(c.session.cancel()).toBe(true)
    await sending
    expect(c.session.busy).toBe(false)
    expect(c.session.cancel()).toBe(false)
    expect(c.texts('notice')).toContain('cancelled; send a message to go on')
    expect(c.store.getState().status.activity).toBe('idle')
    const runId = c.session.runId
    expect(runId).toBeDefined()
    const next = await c.session.send('Go on')
    expect(next).toMatchObject({ runId, status: 'completed', text: 'Back again.' })
    expect(c.texts('assistant')).toEqual(['Back again.'])
  })

  it('takes a permission mode and a model for the next messages, refusing an unknown provider', async () => {
    const c = await chat([{ text: 'One.' }, { text: 'Two.' }])
    c.session.setMode('bypass')
    expect(c.session.mode).toBe('bypass')
    expect(c.store.getState().status.mode).toBe('bypass')
    expect(() => c.session.setModel('nosuchprovider:model')).toThrow()
    expect(c.session.model).toBe(model)
    expect(c.store.getState().status.model).toBe(model)
    await c.session.send('Hi')
    c.session.setModel('openai-chat:gpt-4o-other')
    expect(c.session.model).toBe('openai-chat:gpt-4o-other')
    expect(c.store.getState().status.model).toBe('openai-chat:gpt-4o-other')
    await c.session.send('Again')
    expect(c.fx.server.requests[1]?.body['model']).toBe('gpt-4o-other')
  })

  it('starts a new run with the next message after starting over', async () => {
    const c = await chat([{ text: 'First chat.' }, { text: 'Second chat.' }])
    const first = await c.session.send('Hi')
    c.session.startOver()
    expect(c.session.runId).toBeUndefined()
    expect(c.store.getState().status.runId).toBeUndefined()
    const second = await c.session.send('Hi again')
    expect(second?.runId).toBeDefined()
    expect(second?.runId).not.toBe(first?.runId)
    expect(c.fx.host.store().listRuns()).toHaveLength(2)
  })

  it('compacts the chat when asked, and goes on from the summary', async () => {
    const long = 'x'.repeat(4000)
    const c = await chat([
      { text: `First ${long}` },
      { text: `Second ${long}` },
      { text: 'SUMMARY: two long answers.' },
      { text: 'Third.' },
    ])
    expect(await c.session.compact()).toBe(false)
    await c.session.send('One')
    await c.session.send('Two')
    expect(await c.session.compact()).toBe(true)
    expect(c.texts('notice').some((text) => text.startsWith('history compacted:'))).toBe(true)
    expect(await c.session.send('Three')).toMatchObject({ text: 'Third.' })
    expect(JSON.stringify(c.fx.server.requests.at(-1)?.body)).toContain('SUMMARY: two long answers.')
  })

  it('turns a model error into an error notice and never throws', async () => {
    const c = await chat([{ status: 401, body: '{"error":{"message":"bad key"}}' }, { text: 'Fine now.' }])
    expect(await c.session.send('Hi')).toMatchObject({ status: 'failed' })
    expect(c.settled('notice')).toEqual([
      expect.objectContaining({ tone: 'error', text: expect.stringMatching(/^the run failed: .*HTTP 401.*bad key/) }),
    ])
    expect(c.store.getState().status.activity).toBe('idle')
    expect(c.session.busy).toBe(false)
    await c.session.send('Try again')
    expect(c.texts('assistant')).toContain('Fine now.')
  })

  it('turns a run that cannot start into an error notice too', async () => {
    const c = await chat([{ text: 'never sent' }], { profile: 'no-such-profile' })
    await expect(c.session.send('Hi')).resolves.toBeUndefined()
    expect(c.settled('notice')).toEqual([
      expect.objectContaining({ tone: 'error', text: expect.stringMatching(/^the run failed: .*no-such-profile/s) }),
    ])
    expect(c.fx.server.requests).toEqual([])
    expect(c.session.busy).toBe(false)
  })

  it('puts the patch of a file write on its tool item, and counts no background commands', async () => {
    const c = await chat(
      [
        { calls: [{ id: 'c1', name: 'workspace_write_file', args: '{"file_path":"a.txt","content":"hi\\n"}' }] },
        { text: 'Written.' },
      ],
      { mode: 'acceptEdits' },
    )
    await c.session.send('Write a.txt')
    const tool = c.settled('tool')[0] as ToolItem | undefined
    expect(tool).toMatchObject({ callId: 'c1', toolId: 'builtin:workspace.write_file', result: { isError: false } })
    expect(tool?.result?.patch).toContain('+hi')
    expect(c.texts('assistant')).toEqual(['Written.'])
    expect(c.actions).toContainEqual({ type: 'status', status: { backgroundCommands: 0 } })
    expect(c.store.getState().status.backgroundCommands).toBe(0)
  })
})

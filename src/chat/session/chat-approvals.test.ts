import { describe, expect, it, vi } from 'vitest'
import type { ApprovalRequest } from '../../permissions/approvals/approval-request.js'
import { chatReducer, type ChatAction } from '../state/chat-reducer.js'
import { initialChatState, type ChatState } from '../state/chat-state.js'
import { ChatApprovals } from './chat-approvals.js'

function request(id: string, fields: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id,
    runId: 'run_1',
    invocationId: 'inv_1',
    callId: `call_${id}`,
    toolId: 'builtin:dice.roll',
    alias: 'dice_roll',
    input: { formula: '1d6' },
    inputText: '{"formula":"1d6"}',
    reason: 'asks',
    alwaysRule: 'builtin:dice.roll',
    ...fields,
  }
}

/** An approver whose actions are recorded and folded into a chat state. */
function setup(readCurrent?: (path: string) => Promise<string | undefined>) {
  const actions: ChatAction[] = []
  let state: ChatState = initialChatState({ model: 'm:x', mode: 'default' })
  const approvals = new ChatApprovals((action) => {
    actions.push(action)
    state = chatReducer(state, action)
  }, readCurrent)
  return { approvals, actions, state: () => state }
}

async function asked(approvals: ChatApprovals, count: number): Promise<void> {
  await vi.waitFor(() => expect(approvals.pending).toHaveLength(count))
}

describe('ChatApprovals', () => {
  it('asks on the screen with the patch a file write would make', async () => {
    const chat = setup(async (path) => (path === 'a.txt' ? 'old\n' : undefined))
    const write = request('apr_1', {
      toolId: 'builtin:workspace.write_file',
      alias: 'workspace_write_file',
      input: { file_path: 'a.txt', content: 'new\n' },
    })
    const answer = chat.approvals.approver(write, new AbortController().signal)
    await asked(chat.approvals, 1)
    expect(chat.actions).toHaveLength(1)
    const action = chat.actions[0]
    expect(action?.type).toBe('approval-asked')
    const patch = action?.type === 'approval-asked' ? action.approval.patch : undefined
    expect(patch).toContain('-old')
    expect(patch).toContain('+new')
    expect(chat.state().approvals[0]?.request).toBe(write)
    expect(chat.state().status.activity).toBe('approval')
    expect(chat.approvals.decide('apr_1', { behavior: 'allow', scope: 'once' })).toBe(true)
    await expect(answer).resolves.toEqual({ behavior: 'allow', scope: 'once' })
  })

  it('asks without a patch for a tool that changes no files', async () => {
    const chat = setup()
    void chat.approvals.approver(request('apr_1'), new AbortController().signal)
    await asked(chat.approvals, 1)
    expect(chat.actions[0]).toEqual({ type: 'approval-asked', approval: { request: request('apr_1') } })
  })

  it('settles with the person’s answer: allow always, or deny with a message', async () => {
    const chat = setup()
    const first = chat.approvals.approver(request('apr_1'), new AbortController().signal)
    const second = chat.approvals.approver(request('apr_2'), new AbortController().signal)
    await asked(chat.approvals, 2)
    chat.approvals.decide('apr_1', { behavior: 'allow', scope: 'always', approver: 'terminal' })
    chat.approvals.decide('apr_2', { behavior: 'deny', message: 'not now' })
    await expect(first).resolves.toEqual({ behavior: 'allow', scope: 'always', approver: 'terminal' })
    await expect(second).resolves.toEqual({ behavior: 'deny', message: 'not now' })
    expect(chat.actions.map((action) => action.type)).toEqual([
      'approval-asked',
      'approval-asked',
      'approval-settled',
      'approval-settled',
    ])
    expect(chat.approvals.pending).toEqual([])
    expect(chat.state().approvals).toEqual([])
    expect(chat.state().status.activity).toBe('tools')
  })

  it('keeps a second request waiting behind the first, oldest first', async () => {
    const chat = setup()
    void chat.approvals.approver(request('apr_1'), new AbortController().signal)
    await asked(chat.approvals, 1)
    void chat.approvals.approver(request('apr_2'), new AbortController().signal)
    await asked(chat.approvals, 2)
    expect(chat.approvals.pending.map((one) => one.id)).toEqual(['apr_1', 'apr_2'])
    expect(chat.state().approvals.map((one) => one.request.id)).toEqual(['apr_1', 'apr_2'])
    chat.approvals.decide('apr_1', { behavior: 'allow', scope: 'once' })
    expect(chat.approvals.pending.map((one) => one.id)).toEqual(['apr_2'])
    expect(chat.state().approvals.map((one) => one.request.id)).toEqual(['apr_2'])
    expect(chat.state().status.activity).toBe('approval')
  })

  it('answers a request once; an unknown one is not waiting', async () => {
    const chat = setup()
    void chat.approvals.approver(request('apr_1'), new AbortController().signal)
    await asked(chat.approvals, 1)
    expect(chat.approvals.decide('apr_1', { behavior: 'allow', scope: 'once' })).toBe(true)
    expect(chat.approvals.decide('apr_1', { behavior: 'allow', scope: 'once' })).toBe(false)
    expect(chat.approvals.decide('apr_9', { behavior: 'allow', scope: 'once' })).toBe(false)
    expect(chat.actions.filter((action) => action.type === 'approval-settled')).toHaveLength(1)
  })

  it('takes the question away when the turn is cancelled, rejecting with the reason', async () => {
    const chat = setup()
    const turn = new AbortController()
    const answer = chat.approvals.approver(request('apr_1'), turn.signal)
    await asked(chat.approvals, 1)
    const reason = new Error('cancelled at the terminal')
    turn.abort(reason)
    await expect(answer).rejects.toBe(reason)
    expect(chat.actions.at(-1)).toEqual({ type: 'approval-settled', requestId: 'apr_1' })
    expect(chat.approvals.pending).toEqual([])
    expect(chat.state().approvals).toEqual([])
    expect(chat.approvals.decide('apr_1', { behavior: 'allow', scope: 'once' })).toBe(false)
  })

  it('rejects at once, asking nothing, when the turn is already cancelled', async () => {
    const chat = setup()
    const turn = new AbortController()
    turn.abort(new Error('gone'))
    await expect(chat.approvals.approver(request('apr_1'), turn.signal)).rejects.toThrow('gone')
    expect(chat.actions).toEqual([])
  })

  it('denies every waiting request when the chat closes', async () => {
    const chat = setup()
    const first = chat.approvals.approver(request('apr_1'), new AbortController().signal)
    const second = chat.approvals.approver(request('apr_2'), new AbortController().signal)
    await asked(chat.approvals, 2)
    chat.approvals.cancelAll()
    const denied = { behavior: 'deny', message: 'the chat was closed', approver: 'terminal' }
    await expect(first).resolves.toEqual(denied)
    await expect(second).resolves.toEqual(denied)
    expect(chat.approvals.pending).toEqual([])
    expect(chat.state().approvals).toEqual([])
  })
})

import { agentFixture, modelFor, type AgentFixture } from '../../../../../test/agent/agent-fixture.js'
import type { ScriptedReply } from '../../../../../test/model-server/scripted-model-server.js'
import { runSlash, type SlashContext } from '../../../../chat/commands/slash-command.js'
import { ChatSession } from '../../../../chat/session/chat-session.js'
import { chatReducer, type ChatAction } from '../../../../chat/state/chat-reducer.js'
import { initialChatState, type ChatItem, type ChatState, type NoticeTone } from '../../../../chat/state/chat-state.js'
import type { PermissionMode } from '../../../../profile/profile-schema.js'
import { chatCommands } from '../../chat-commands.js'

/** A real chat over a scripted model: the session, its state through the real reducer, the commands. */
export interface ChatHarness {
  readonly fx: AgentFixture
  readonly session: ChatSession
  readonly ctx: SlashContext
  readonly actions: ChatAction[]
  state(): ChatState
  /** Sends a message as the screen does: shown as the person's, then answered. */
  send(text: string): ReturnType<ChatSession['send']>
  /** Runs a typed slash command line. */
  slash(line: string): Promise<void>
  /** The notices added since `from` items (default: all), as `tone: text`. */
  notices(from?: number): { readonly tone: NoticeTone; readonly text: string }[]
  /** The last notice's text. */
  last(): string
  readonly exits: number
}

/** Waits until `condition` holds, looking again after each short pause (the test's timeout bounds it). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** Starts a chat harness; `replies` are the scripted model's answers in order. */
export async function chatHarness(
  replies: readonly ScriptedReply[],
  options: {
    readonly profiles?: Record<string, Record<string, unknown>>
    readonly profile?: string
    readonly mode?: PermissionMode
    readonly width?: number
  } = {},
): Promise<ChatHarness> {
  const fx = await agentFixture('openai-chat', replies, {
    ...(options.profiles !== undefined && { profiles: options.profiles }),
  })
  const model = modelFor['openai-chat']
  let state = initialChatState({ model, mode: options.mode ?? 'default' })
  const actions: ChatAction[] = []
  const dispatch = (action: ChatAction) => {
    actions.push(action)
    state = chatReducer(state, action)
  }
  const session = new ChatSession({
    host: fx.host,
    model,
    baseUrl: fx.server.baseUrl,
    apiKey: 'test-key',
    scope: 'session',
    dispatch,
    ...(options.profile !== undefined && { profile: options.profile }),
    ...(options.mode !== undefined && { mode: options.mode }),
  })
  let exits = 0
  const ctx: SlashContext = {
    session,
    state: () => state,
    dispatch,
    width: options.width ?? 100,
    color: false,
    commands: chatCommands,
    exit: () => {
      exits += 1
    },
  }
  const notices = (from = 0) =>
    state.settled
      .slice(from)
      .filter((item): item is Extract<ChatItem, { kind: 'notice' }> => item.kind === 'notice')
      .map(({ tone, text }) => ({ tone, text }))
  return {
    fx,
    session,
    ctx,
    actions,
    state: () => state,
    send: (text) => {
      dispatch({ type: 'user-message', text, now: Date.now() })
      return session.send(text)
    },
    slash: (line) => runSlash(line, ctx),
    notices,
    last: () => notices().at(-1)?.text ?? '',
    get exits() {
      return exits
    },
  }
}

import { join } from 'node:path'
import type { ReadStream, WriteStream } from 'node:tty'
import { render } from 'ink'
import { createWorkspace } from '../workspace/create-workspace.js'
import type { SlashCommand } from './commands/slash-command.js'
import type { ReadOutcome } from './input/attach-files.js'
import { InputHistory } from './input/input-history.js'
import { ChatSession, type ChatSessionOptions } from './session/chat-session.js'
import { transcriptItems } from './session/transcript-items.js'
import { createChatStore } from './state/chat-store.js'
import { initialChatState } from './state/chat-state.js'
import { ChatApp } from './ui/chat-app.js'

/** Options of {@link startChat}: the session's, plus the screen's. */
export interface StartChatOptions extends Omit<ChatSessionOptions, 'runId' | 'readCurrent' | 'dispatch'> {
  /** A stored run to go on with. */
  readonly resume?: string
  readonly commands: readonly SlashCommand[]
  /** False with NO_COLOR. */
  readonly color: boolean
  readonly stdin?: ReadStream
  readonly stdout?: WriteStream
}

/** Files `@path` attaches at most. */
const attachBytes = 256 * 1024

/**
 * Runs the interactive chat until the person leaves (`/exit`, Ctrl-D, Ctrl-C twice); returns the
 * run the chat was, so it can be resumed.
 *
 * @example
 * const runId = await startChat({ host, model: 'ollama:qwen3', scope: 'session', commands: chatCommands, color: true })
 */
export async function startChat(options: StartChatOptions): Promise<string | undefined> {
  const { host } = options
  const history = await InputHistory.load(join(host.dataDir, 'chat-history.jsonl'))
  const { profile } = await host.resolveProfile(options.profile)
  const store = createChatStore(
    initialChatState({ model: options.model, mode: options.mode ?? profile.permissions.mode }),
  )
  // The person's files, read as the model's tools would see them: toolhost's own state stays out.
  const files = createWorkspace([{ at: '', hostDir: host.workspaceDir, access: 'read-only' }], {
    hidden: [host.dataDir],
  })
  const readCurrent = async (path: string): Promise<string | undefined> =>
    (await readText(files, path, attachBytes).catch(() => undefined))?.text
  const session = new ChatSession({
    host,
    model: options.model,
    scope: options.scope,
    dispatch: store.dispatch,
    readCurrent,
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
    ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
    ...(options.profile !== undefined && { profile: options.profile }),
    ...(options.mode !== undefined && { mode: options.mode }),
  })
  if (options.resume !== undefined) {
    const run = host.store().getRun(options.resume)
    if (run === undefined) throw new Error(`No run ${options.resume} in the store; see "toolhost runs list".`)
    store.dispatch({ type: 'items', items: transcriptItems(host.store(), options.resume) })
    const started = host.store().runEvents(options.resume, { type: 'run_started' })[0]
    session.switchTo(options.resume, String(started?.data.model ?? options.model))
  }
  const app = render(
    <ChatApp
      store={store}
      session={session}
      commands={options.commands}
      history={history}
      color={options.color}
      readFile={(path) => readText(files, path, attachBytes).catch((error: unknown) => ({ error: messageOf(error) }))}
    />,
    {
      exitOnCtrlC: false,
      interactive: true,
      kittyKeyboard: { mode: 'auto' },
      ...(options.stdin !== undefined && { stdin: options.stdin }),
      ...(options.stdout !== undefined && { stdout: options.stdout }),
    },
  )
  // A run stopped mid-work (paused on approvals, or cut off) goes on at once, asking here.
  if (options.resume !== undefined) void session.resumeWork()
  try {
    await app.waitUntilExit()
  } finally {
    await session.close()
  }
  return session.runId
}

async function readText(
  files: ReturnType<typeof createWorkspace>,
  path: string,
  limit: number,
): Promise<ReadOutcome & { readonly text: string }> {
  const stat = await files.stat(path)
  if (stat === undefined) throw new Error('no such file in the workspace')
  if (stat.kind !== 'file') throw new Error('not a file')
  if (stat.size > limit) throw new Error(`larger than ${limit / 1024} KiB; ask the model to read it instead`)
  const data = await files.readFile(path)
  if (data.includes(0)) throw new Error('a binary file')
  return { text: data.toString('utf8') }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

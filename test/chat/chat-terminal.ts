import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { ScriptedModelServer, type ScriptedReply, type ScriptOptions } from '../model-server/scripted-model-server.js'
import { tempDir } from '../temp-dir.js'
import { TmuxTerminal } from '../terminal/tmux-terminal.js'

const root = join(import.meta.dirname, '..', '..')

/** A `toolhost chat` running in a real terminal against a scripted model. */
export interface ChatTerminal {
  readonly terminal: TmuxTerminal
  readonly server: ScriptedModelServer
  readonly projectDir: string
  readonly dataDir: string
  /** Starts `toolhost chat` (again) with more arguments, in the same directories and against the same model. */
  restart(args?: readonly string[], env?: Readonly<Record<string, string>>): Promise<TmuxTerminal>
}

const open: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of open.splice(0)) await close()
})

/**
 * Starts a scripted model server and `toolhost chat` (the built binary) in an 100×40 tmux terminal,
 * in a fresh project and data directory; all are closed after the test.
 */
export async function chatTerminal(
  replies: readonly ScriptedReply[],
  options: {
    readonly args?: readonly string[]
    readonly env?: Readonly<Record<string, string>>
    readonly script?: ScriptOptions
    readonly columns?: number
    readonly rows?: number
    readonly setup?: (dirs: { readonly projectDir: string; readonly dataDir: string }) => void | Promise<void>
  } = {},
): Promise<ChatTerminal> {
  const base = tempDir('toolhost-chat-')
  const projectDir = join(base, 'project')
  const dataDir = join(base, 'data')
  const home = join(base, 'home')
  for (const dir of [projectDir, dataDir, home]) mkdirSync(dir, { recursive: true })
  await options.setup?.({ projectDir, dataDir })
  const server = await ScriptedModelServer.start('openai-chat', replies, options.script)
  let terminal: TmuxTerminal | undefined
  const start = async (args: readonly string[], env: Readonly<Record<string, string>> = {}) => {
    await terminal?.close()
    terminal = await TmuxTerminal.start(
      [
        process.execPath,
        join(root, 'bin', 'toolhost.js'),
        'chat',
        '--data-dir',
        dataDir,
        '--model',
        'openai-chat:gpt-4o-scripted',
        '--base-url',
        server.baseUrl,
        ...args,
      ],
      {
        cwd: projectDir,
        columns: options.columns ?? 100,
        rows: options.rows ?? 40,
        env: {
          HOME: home,
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          TERM: 'xterm-256color',
          LANG: 'C.UTF-8',
          OPENAI_API_KEY: 'test-key',
          ...options.env,
          ...env,
        },
      },
    )
    return terminal
  }
  const first = await start(options.args ?? [])
  open.push(async () => {
    await terminal?.close()
    await server.close()
  })
  const fixture: ChatTerminal = {
    get terminal() {
      if (terminal === undefined) throw new Error('no terminal')
      return terminal
    },
    server,
    projectDir,
    dataDir,
    restart: (args = [], env = {}) => start([...(options.args ?? []), ...args], env),
  }
  void first
  return fixture
}

import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { ListedMessage } from './daemon-fixture.js'

const root = join(import.meta.dirname, '..', '..')
const entry = join(root, 'test', 'agent', 'toolhost-from-source.ts')
const register = join(root, 'scripts', 'register-ts.ts')

/** A `toolhost serve` process started from the sources. */
export interface ServeProcess {
  readonly child: ChildProcess
  /** `http://127.0.0.1:PORT`, once it listens. */
  readonly url: string
  readonly stderr: () => string
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

/** Starts `toolhost serve --port 0 …` in `cwd` and waits until it prints where it listens. */
export async function startServe(
  cwd: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, ['--import', register, entry, 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  children.push(child)
  let stderr = ''
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  )
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)
      if (listening?.[1] !== undefined) resolve(listening[1])
    })
    void exited.then(({ code, signal }) =>
      reject(new Error(`serve ended (${code ?? signal}) before listening:\n${stderr}`)),
    )
  })
  return { child, url, stderr: () => stderr, exited }
}

/** The HTTP channel of a daemon, as a client uses it. */
export function httpClient(url: string, secret: string) {
  const auth = { authorization: `Bearer ${secret}` }
  return {
    post: (conversation: string, text: string) =>
      fetch(`${url}/channels/http/messages`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ conversation, text }),
      }),
    async messages(conversation: string): Promise<ListedMessage[]> {
      const response = await fetch(`${url}/channels/http/conversations/${conversation}/messages`, { headers: auth })
      return ((await response.json()) as { messages: ListedMessage[] }).messages
    },
  }
}

/** Polls `check` every 100 ms until it holds; fails after `ms` with `what` and the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (check(value)) return value
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen: ${JSON.stringify(value, null, 2).slice(0, 4000)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { describe } from 'vitest'
import { dieWithHost, findExecutable } from '../src/spawn/find-executable.js'
import { closedPort } from './closed-port.js'

/** `redis-server` on PATH, if installed (`.ci/run` installs Debian's). */
export const redisServerProgram = findExecutable('redis-server', process.env.PATH)

/** A running redis-server of a test. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string
  readonly port: number
  /** Stops the server and removes its directory. */
  stop(): Promise<void>
}

/**
 * Starts a real redis-server on a free loopback port in a temporary directory, with nothing written
 * to disk, and waits until it answers PING.
 * @throws Error when the program is missing or does not answer within `timeoutMs`
 */
export async function startRedisServer(timeoutMs = 20_000): Promise<RedisServer> {
  if (redisServerProgram === undefined) throw new Error('redis-server is not installed')
  const dir = mkdtempSync(join(tmpdir(), 'toolhost-redis-'))
  const port = await closedPort()
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir]
  // The server goes with the test process, however that ends.
  const [first, ...rest] = [...dieWithHost(), redisServerProgram, ...args]
  const child = spawn(first ?? redisServerProgram, rest, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `redis://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`redis-server exited at start: ${output}`)
    }
    if (await answersPing(url)) return { url, port, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`redis-server did not answer on ${url} within ${timeoutMs} ms: ${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return (await client.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

/**
 * `describe` for suites that need a Redis server: where redis-server is not installed the suite is
 * reported skipped under a name that says why.
 */
export function describeWithRedis(name: string, body: () => void): void {
  if (redisServerProgram !== undefined) describe(name, body)
  else describe.skip(`${name} (skipped: redis-server not installed)`, body)
}

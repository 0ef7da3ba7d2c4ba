import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escapeeCount, pidsIn, startEscapees, survivorsAfter, writeEscapeKit } from './__fixtures__/escapees.js'
import { containment, type Containment } from './containment.js'
import { spawnMarkerName } from './marker-sweep.js'
import { spawnBounded, type BoundedProcess } from './spawn-bounded.js'
import { SpawnTracker } from './spawn-tracker.js'

const linux = process.platform === 'linux'
const root = join(import.meta.dirname, '..', '..')
let dir: string
let counter = 0
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolhost-spawn-'))
  await writeEscapeKit(dir)
})
// A regression would leave sleepers behind; they go when the file ends.
const pidFiles: string[] = []
afterAll(async () => {
  for (const file of pidFiles) await survivorsAfter(await pidsIn(file).catch(() => []), 0)
  await rm(dir, { recursive: true, force: true })
})

/** A `#!/bin/sh` script in the test directory; returns its path. */
async function script(body: string): Promise<string> {
  const file = join(dir, `script-${++counter}.sh`)
  await writeFile(file, `#!/bin/sh\n${body}\n`)
  await chmod(file, 0o755)
  return file
}

/** A script that starts the escapees, prints `ready`, then runs `then`; and where their pids go. */
async function escaping(then: string): Promise<{ script: string; pids: string }> {
  const pids = join(dir, `pids-${++counter}`)
  pidFiles.push(pids)
  return { script: await script(`${startEscapees(pids, dir)}\necho ready\n${then}`), pids }
}

async function untilReady(bounded: BoundedProcess): Promise<void> {
  let output = ''
  for await (const chunk of bounded.child.stdout) {
    output += String(chunk)
    if (output.includes('ready')) return
  }
  throw new Error(`the script ended without getting ready: ${output}`)
}

async function escapedAndGone(pids: string): Promise<void> {
  const escaped = await pidsIn(pids)
  expect(escaped).toHaveLength(escapeeCount)
  expect(await survivorsAfter(escaped)).toEqual([])
}

// The strongest way this machine offers, and the ones below it that can run here too.
const detected = linux ? await containment() : ({ kind: 'group' } as const)
const unshare =
  detected.kind === 'pid-namespace' ? detected.wrapper.find((part) => part.endsWith('/unshare')) : undefined
const ways: [string, Containment][] = [
  [`the detected ${detected.kind}`, detected],
  ...(unshare === undefined
    ? []
    : [
        [
          'a PID namespace in a user namespace',
          {
            kind: 'pid-namespace',
            wrapper: [unshare, '--map-current-user', '--pid', '--fork', '--kill-child', '--'],
            userNamespace: true,
            parentDeathSignal: false,
          },
        ] as [string, Containment],
      ]),
  ...(linux ? [['the environment marker', { kind: 'marker' }] as [string, Containment]] : []),
]

describe.skipIf(!linux)('bounded spawns', () => {
  it('finds a way stronger than the process group on Linux', () => {
    expect(['pid-namespace', 'marker']).toContain(detected.kind)
  })

  describe.each(ways)('with %s', (_name, how) => {
    it('kills what the program started, setsid and double forks included, when it exits', async () => {
      const { script: file, pids } = await escaping('exit 0')
      const bounded = await spawnBounded('/bin/sh', [file], { containment: how })
      bounded.child.stdin.end()
      bounded.child.stdout.resume()
      const [code] = await once(bounded.child, 'close')
      expect(code).toBe(0)
      await escapedAndGone(pids)
    })

    it('kills the program and all it started on kill()', async () => {
      const { script: file, pids } = await escaping('sleep 1000')
      const bounded = await spawnBounded('/bin/sh', [file], { containment: how })
      await untilReady(bounded)
      const closed = once(bounded.child, 'close')
      bounded.kill()
      await closed
      await escapedAndGone(pids)
    })

    // Node restores SIGTERM's default and raises it again, which a namespace's init does not get.
    it.each([
      ['a shell', '/bin/sh', ['-c', 'echo ready; while :; do sleep 1; done']],
      ['a Node program', process.execPath, ['-e', `setInterval(() => {}, 1000); process.stdout.write('ready')`]],
    ])('stops %s without a SIGTERM handler on terminate(), as SIGTERM does', async (_name, program, args) => {
      const bounded = await spawnBounded(program, args, { containment: how })
      await untilReady(bounded)
      const closed = once(bounded.child, 'close')
      bounded.terminate()
      await closed
    })

    it('leaves SIGTERM to a program that handles it', async () => {
      const program = `process.on('SIGTERM', () => process.stdout.write(' handled')); setInterval(() => {}, 1000); process.stdout.write('ready')`
      const bounded = await spawnBounded(process.execPath, ['-e', program], { containment: how })
      let output = ''
      const handled = new Promise<void>((resolve) => {
        bounded.child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          if (output === 'ready') bounded.terminate()
          if (output === 'ready handled') resolve()
        })
      })
      await handled
      // Its handler chose to go on: it still runs until killed.
      expect(bounded.child.exitCode).toBeNull()
      expect(bounded.child.signalCode).toBeNull()
      const closed = once(bounded.child, 'close')
      bounded.kill()
      await closed
    })

    it('kills everything its tracker holds when the tracker is closed', async () => {
      const tracker = new SpawnTracker()
      const { script: file, pids } = await escaping('sleep 1000')
      const bounded = await spawnBounded('/bin/sh', [file], { containment: how, tracker })
      await untilReady(bounded)
      expect(tracker.size).toBe(1)
      tracker.killAll()
      await once(bounded.child, 'close')
      expect(tracker.size).toBe(0)
      await escapedAndGone(pids)
    })

    it('passes stdin, stdout, stderr, the exit code, the environment and the working directory through', async () => {
      const env = { PATH: process.env.PATH, ONLY: 'this' }
      const program = `process.stdin.pipe(process.stdout); process.stdin.on('end', () => { process.stderr.write(JSON.stringify({ env: process.env, cwd: process.cwd() })); process.exitCode = 7 })`
      const bounded = await spawnBounded(process.execPath, ['-e', program], { containment: how, env, cwd: dir })
      bounded.child.stdin.end('{"round":1}\n')
      const [stdout, stderr, [code]] = await Promise.all([
        text(bounded.child.stdout),
        text(bounded.child.stderr),
        once(bounded.child, 'close'),
      ])
      expect(stdout).toBe('{"round":1}\n')
      expect(code).toBe(7)
      const seen = JSON.parse(stderr) as { env: Record<string, string>; cwd: string }
      expect(seen.cwd).toBe(dir)
      const { [spawnMarkerName]: marker, ...rest } = seen.env
      expect(rest).toEqual(env)
      expect(marker === undefined).toBe(how.kind !== 'marker')
    })

    it('reports a program that cannot be started as a direct spawn would', async () => {
      await expect(spawnBounded('toolhost-no-such-program', [], { containment: how })).rejects.toThrow(
        'spawn toolhost-no-such-program ENOENT',
      )
      await expect(spawnBounded(dir, [], { containment: how })).rejects.toThrow(`spawn ${dir} EACCES`)
    })

    it('leaves nothing behind when the host process exits', async () => {
      const { script: file, pids } = await escaping('sleep 1000')
      const host = spawn(
        process.execPath,
        [
          '--import',
          join(root, 'scripts', 'register-ts.ts'),
          join(import.meta.dirname, '__fixtures__', 'host-that-spawns.ts'),
          how.kind,
          file,
          'exit',
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      )
      const [output, [code]] = await Promise.all([text(host.stdout), once(host, 'close')])
      expect(output).toBe('ready\n')
      expect(code).toBe(0)
      await escapedAndGone(pids)
    })
  })

  it.runIf(detected.kind === 'pid-namespace' && detected.parentDeathSignal)(
    'leaves nothing behind when the host process is killed with SIGKILL',
    async () => {
      const { script: file, pids } = await escaping('sleep 1000')
      const host = spawn(
        process.execPath,
        [
          '--import',
          join(root, 'scripts', 'register-ts.ts'),
          join(import.meta.dirname, '__fixtures__', 'host-that-spawns.ts'),
          detected.kind,
          file,
          'wait',
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      )
      let output = ''
      for await (const chunk of host.stdout) {
        output += String(chunk)
        if (output.includes('ready')) break
      }
      const closed = once(host, 'close')
      host.kill('SIGKILL')
      await closed
      await escapedAndGone(pids)
    },
  )
})

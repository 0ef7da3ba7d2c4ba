import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { release, tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { z } from 'zod'
import { bwrapArgs } from './bwrap-args.js'
import { findExecutable, isExecutable, systemDirs } from '../spawn/find-executable.js'
import { defaultSandboxLimits } from './sandbox-policy.js'
import { unixSocketFilter } from './seccomp-filter.js'

/** Whether real commands can run sandboxed here, and with what; or why not, with what to do. */
export type SandboxSupport =
  { readonly available: true; readonly bwrap: string } | { readonly available: false; readonly reason: string }

/** The file descriptor the seccomp program is passed on. */
export const seccompFd = 4

const probeTimeoutMs = 15_000
const installHint =
  'install bubblewrap (Debian and Ubuntu: `apt-get install bubblewrap`; Fedora: `dnf install bubblewrap`)'

let detected: Promise<SandboxSupport> | undefined

/** How long a stored probe result holds; a machine's sandbox seldom changes, and `toolhost doctor` probes afresh. */
const probeCacheMs = 24 * 60 * 60 * 1000

/**
 * {@link probeSandbox} once per process. With `cacheFile`, a result stored there by an earlier
 * process is used while bubblewrap, the kernel and the user are the same and it is less than a
 * day old, so that a start spawns no sandbox.
 */
export function sandboxSupport(cacheFile?: string): Promise<SandboxSupport> {
  detected ??= cachedProbe(cacheFile)
  return detected
}

/** {@link probeSandbox}, or the result stored in `cacheFile` while it holds (see {@link sandboxSupport}). */
export async function cachedProbe(cacheFile: string | undefined): Promise<SandboxSupport> {
  const key = cacheFile === undefined ? undefined : probeKey()
  if (cacheFile !== undefined && key !== undefined) {
    const stored = readStoredProbe(cacheFile, key)
    if (stored !== undefined) return stored
  }
  const support = await probeSandbox(process.platform, process.env.PATH)
  if (cacheFile !== undefined && key !== undefined) storeProbe(cacheFile, key, support)
  return support
}

/** What a stored result depends on: the bubblewrap binary, the kernel, the user and the processor. */
function probeKey(): string | undefined {
  const bwrap = findExecutable('bwrap', process.env.PATH)
  if (bwrap === undefined || process.platform !== 'linux') return undefined
  try {
    const { mtimeMs, size } = statSync(bwrap)
    return JSON.stringify([bwrap, mtimeMs, size, release(), process.getuid?.(), process.arch])
  } catch {
    return undefined
  }
}

const storedProbe = z.strictObject({
  key: z.string(),
  at: z.number(),
  support: z.union([
    z.strictObject({ available: z.literal(true), bwrap: z.string() }),
    z.strictObject({ available: z.literal(false), reason: z.string() }),
  ]),
})

function readStoredProbe(file: string, key: string): SandboxSupport | undefined {
  try {
    const stored = storedProbe.parse(JSON.parse(readFileSync(file, 'utf8')))
    return stored.key === key && Date.now() - stored.at < probeCacheMs ? stored.support : undefined
  } catch {
    return undefined
  }
}

function storeProbe(file: string, key: string, support: SandboxSupport): void {
  try {
    mkdirSync(dirname(file), { recursive: true })
    const temporary = `${file}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify({ key, at: Date.now(), support }))
    renameSync(temporary, file)
  } catch {
    // A start that cannot store the result probes again next time.
  }
}

/**
 * Finds bubblewrap and bash and runs a small command in the sandbox every call gets (all
 * namespaces, the seccomp filter, limits, a read-write directory): available only when that works.
 */
export async function probeSandbox(platform: NodeJS.Platform, pathVar: string | undefined): Promise<SandboxSupport> {
  if (platform !== 'linux')
    return { available: false, reason: `the command sandbox needs Linux with bubblewrap; this is ${platform}` }
  const filter = unixSocketFilter()
  if (filter === undefined)
    return { available: false, reason: `the command sandbox has no seccomp filter for ${process.arch} processors` }
  const bwrap = findExecutable('bwrap', pathVar)
  if (bwrap === undefined) return { available: false, reason: `bubblewrap (bwrap) is not installed: ${installHint}` }
  if (!isExecutable('/bin/bash')) return { available: false, reason: 'bash is not installed at /bin/bash' }
  const dir = mkdtempSync(join(tmpdir(), 'toolhost-sandbox-probe-'))
  try {
    const args = bwrapArgs(
      {
        mounts: [{ hostDir: dir, access: 'read-write' }],
        cwd: dir,
        env: { PATH: systemDirs.join(delimiter) },
        limits: defaultSandboxLimits,
      },
      { hidden: [], seccompFd },
      ['/bin/bash', '-c', 'echo ok > probe && cat probe'],
    )
    const outcome = await runProbe(bwrap, args, filter)
    if (outcome.ok) return { available: true, bwrap }
    return {
      available: false,
      reason: `bubblewrap cannot start a sandbox here: ${outcome.detail}${hintFor(outcome.detail)}`,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function runProbe(bwrap: string, args: readonly string[], filter: Buffer): Promise<{ ok: boolean; detail: string }> {
  return new Promise((resolve) => {
    const child = spawn(bwrap, args, { stdio: ['ignore', 'pipe', 'pipe', 'ignore', 'pipe'] })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), probeTimeoutMs)
    const filterPipe = child.stdio[seccompFd]
    if (filterPipe !== null && filterPipe !== undefined && 'end' in filterPipe) {
      filterPipe.on('error', () => undefined)
      filterPipe.end(filter)
    }
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ ok: false, detail: error.message })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const text = output.trim()
      resolve(
        code === 0 && text === 'ok'
          ? { ok: true, detail: '' }
          : { ok: false, detail: text.split('\n')[0] || `it exited with ${signal ?? `code ${code}`}` },
      )
    })
  })
}

/** What to do about the usual reasons bubblewrap fails. */
function hintFor(detail: string): string {
  if (/user namespace|setting up uid map|Operation not permitted|Permission denied/i.test(detail))
    return ' (unprivileged user namespaces are off: enable them, e.g. `sysctl kernel.unprivileged_userns_clone=1`, or on Ubuntu 24.04 allow bwrap in AppArmor)'
  return ''
}
